/**
 * An imported listing as the case's schema text: a JSON Schema taken as given (from a server's tools/list, or pasted),
 * written as a TypeScript module that exports it, so the schema editor, links and drafts carry it unchanged. Pure text:
 * the engine recognises it without running it.
 */
import type { JsonSchema } from '../report.ts';
import { isSchemaNode } from '../lib/schema-walk.ts';

const EXPORT = 'export const listing = ';

/** What a policy, converter or pane that needs zod says of an imported listing. */
export const NEEDS_ZOD = 'needs the zod source: the listing was imported as given';
/** The warning every converter row carries for an imported listing. */
export const IMPORTED_WARNING = 'Imported listing, taken as given: each converter shows it as it is (converting needs the zod source).';

/** Keywords one of which a JSON Schema object has (or it is `{}`), so a pasted data object is not taken for a schema. */
const SCHEMA_WORDS = ['type', 'properties', '$schema', '$ref', 'anyOf', 'oneOf', 'allOf', 'items', 'enum', 'const', 'not', 'required'];

/** The schema text for an imported listing, with comment lines saying where it came from. */
export function listingSource(listed: JsonSchema, about: string): string {
  // `about` names a server's tool: a line break in it must not end the comment line it is written in.
  const comments = [`// Imported ${about.replace(/[\r\n\u2028\u2029]/g, ' ')}, taken as given: there is no zod source.`, '// Paste the tool\u2019s zod schema here instead to compare the converters and policies.'];
  return `${comments.join('\n')}\n${EXPORT}${JSON.stringify(listed, null, 2)};\n`;
}

/**
 * The JSON Schema a schema text holds as an imported listing (`export const listing = {…};` after comment lines, or
 * bare JSON), or null when it is anything else (a zod source).
 */
export function importedListing(source: string): JsonSchema | null {
  const body = withoutLeadingComments(source);
  const json = body.startsWith(EXPORT) ? body.slice(EXPORT.length).trim().replace(/;$/, '') : body;
  if (!json.startsWith('{') && json !== 'true' && json !== 'false') return null;
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value === 'boolean') return value;
    if (!isSchemaNode(value)) return null;
    return Object.keys(value).length === 0 || SCHEMA_WORDS.some((w) => Object.hasOwn(value, w)) ? value : null;
  } catch {
    return null;
  }
}

function withoutLeadingComments(source: string): string {
  let rest = source.trim();
  while (rest.startsWith('//')) {
    const end = rest.indexOf('\n');
    rest = end === -1 ? '' : rest.slice(end + 1).trim();
  }
  return rest;
}
