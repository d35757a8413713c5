/** valibot's chunk (libs/index.ts): the package and its Standard JSON Schema wrapper, as a schema module imports them. */
export * as valibot from 'valibot';
export * as toJsonSchema from '@valibot/to-json-schema';
