/** The default case's one-line story, shown above the panes like an example's while the case is still the default one. */

/** The title and explanation, in the gallery's words. */
export const DEFAULT_STORY = {
  title: 'Two undeclared keys',
  explanation: 'SDK v1 lists get_invoice’s objects closed but ships costCenter and margin raw, so its own client fails the answer; strip, keep, or deleting the keys passes.',
} as const;
