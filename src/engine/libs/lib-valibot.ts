/** valibot's chunk (libs/index.ts): the package and its Standard JSON Schema wrapper, as a schema module imports them. */
import * as valibot from 'valibot';
import * as toJsonSchema from '@valibot/to-json-schema';

export const modules = { valibot, '@valibot/to-json-schema': toJsonSchema };
