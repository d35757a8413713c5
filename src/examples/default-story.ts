/** The default case's one-line story, shown above the panes like an example's while the case is still the default one. */

/** The title and explanation, in the gallery's words. */
export const DEFAULT_STORY = {
  title: 'Two undeclared keys, and the SDK’s own client refuses the answer',
  explanation:
    'get_invoice answers with costCenter and a line’s margin, which its outputSchema does not declare. SDK v1 lists each plain z.object closed (additionalProperties: false) but ships the answer raw, so its own v1 client fails it; under strip or keep it passes, and deleting the two keys passes too.',
} as const;
