/** zod's compile (zod-parts/catalog.ts): the chunk a schema that mentions `compile` loads. The file itself: zod exports it only through `zod/v4/core`, which the core holds with the stand-ins. */
export * as part from '../../../node_modules/zod/v4/core/compile.js';
