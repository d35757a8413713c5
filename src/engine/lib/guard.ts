/** Running a step whose throw becomes a value. */

/** `run()`, or `onError(thrown)` when it throws: each phase reports its failures instead of throwing them. */
export function guard<T>(run: () => T, onError: (e: unknown) => T): T {
  try {
    return run();
  } catch (e) {
    return onError(e);
  }
}
