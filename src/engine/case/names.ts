/** The case's field lists that zod-free code needs (the sandbox frame's keys): no schema here. */

/** The version keys, in the order they are shown and written. */
export const VERSION_KEYS = ['zod', 'sdk', 'server'] as const;

/** The fields the engine reads (a change to one of them is a new run); the others are the UI's choices. */
export const ENGINE_FIELDS = ['role', 'tool', 'schema', 'answer', 'versions', 'answerForm', 'protocol', 'registered'] as const;
