/** zod's locales (zod-parts/catalog.ts): the chunk a schema that mentions `locales` loads. */
export * as part from 'zod/v4/locales';
