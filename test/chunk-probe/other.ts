/** A second lazily imported module, loaded only after the runtime is locked. */
export const answer = 'the other chunk answers';
