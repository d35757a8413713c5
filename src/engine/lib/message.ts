/** The one error-to-message helper of the engine. */

/** The message of anything thrown, even a value whose toString throws. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return 'Unknown error';
  }
}
