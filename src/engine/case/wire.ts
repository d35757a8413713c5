/**
 * The case keys the sandbox's frame and worker compute on what they receive (zod-free: the frame's script must not
 * load the case schema): the realm a worker runs a case in, and the parts of the digest a reply is accepted for.
 */
import { ENGINE_FIELDS } from './names.ts';

/**
 * What a worker's realm is for: the schema text, the picked versions when the case names any, and whether it asks for
 * a generation. Chunks load before schema code runs (engine/chunks.ts), so a case needing others than the realm
 * loaded (another world's, fast-check for a generation) needs another realm. Takes anything (the frame's input).
 */
export function realmKeyOf(c: unknown, generates: boolean): string {
  const o = typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {};
  const schema = typeof o['schema'] === 'string' ? o['schema'] : '';
  const key = o['versions'] === undefined ? schema : `${schema}\u0000${JSON.stringify(o['versions'])}`;
  return generates ? `${key}\u0000generate` : key;
}

/**
 * The strings a case digest is made of (sandbox/digest.ts hashes them): what the engine reads as given (`v`, the
 * engine's fields, the generation request), the schema and answer texts apart so a large one is hashed in place.
 */
export function digestParts(c: unknown): string[] {
  const o = typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const head = ['v', ...ENGINE_FIELDS, 'generate'].map((key) => (key === 'schema' || key === 'answer' ? typeof o[key] : (o[key] ?? null)));
  return [JSON.stringify(head), text(o['schema']), text(o['answer'])];
}
