/** The schema editor's title names the library the paste imports: every gallery example, and the traps around it. */
import { describe, expect, test } from 'vitest';
import { EXAMPLES } from '../src/examples/index.ts';
import { LIBRARY_CATALOG } from '../src/engine/libs/catalog.ts';
import { schemaTitle } from '../src/ui/schemaTitle.ts';

describe('schemaTitle', () => {
  test.each(EXAMPLES.map((e) => [e.id, e.case.schema ?? ''] as const))('%s', (id, schema) => {
    const library = LIBRARY_CATALOG.find((l) => id.startsWith(`${l.vendor}-`));
    expect(schemaTitle(schema)).toBe(`${library?.label ?? 'Zod'} schema`);
  });

  test.each([
    ['a library named only in a comment', '// ported from "valibot"\nimport { z } from "zod";\nexport default z.object({});', 'Zod schema'],
    ['a library named only in a string', 'import { z } from "zod";\nexport default z.literal("arktype");', 'Zod schema'],
    ['side effects in prose', '/* no side effects */ import { z } from "zod";\nexport default z.string();', 'Zod schema'],
    ["effect's Schema subpath", 'import { Schema } from "effect/Schema";\nexport default Schema.String;', 'Effect schema'],
    ['require', 'const { type } = require("arktype");\nmodule.exports = type("string");', 'ArkType schema'],
  ])('%s', (_, schema, title) => expect(schemaTitle(schema)).toBe(title));
});
