/** zod's fromJSONSchema (zod-parts/catalog.ts): the chunk a schema that mentions `fromJSONSchema` loads. The file itself: zod exports it only through `zod`, which the core holds with the stand-in. */
export * as part from '../../../node_modules/zod/v4/classic/from-json-schema.js';
