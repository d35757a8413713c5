/**
 * The parts of the default zod package (4.6.7) that the engine worker's core script leaves out, as data (no import of
 * them: the build's plugin, vite-plugins/zodParts.ts, reads it too). Each is reachable from the module objects the
 * schema code imports (`z.locales`, `z.compile`, `z.fromJSONSchema`, and the same names under `z.core` and zod mini)
 * and used by nothing else the engine runs. Each is an engine chunk of its own (index.ts), loaded before the schema
 * code runs when the source text could name it (`trigger`); until then each of its functions is a stand-in that
 * throws a message saying why (stand-in.ts), so code that reaches a part some other way gets an error, never a result
 * that differs from zod's.
 */

/** One part left out of the core. */
export interface ZodPart {
  /** The chunk's name (`zod-<name>`) and the part's key. */
  name: 'locales' | 'compile' | 'from-json-schema';
  /** The module left out, inside the zod package (every import of it from zod's own modules gets the stand-ins). */
  file: string;
  /** The source text that loads the part: any mention, comments and strings included (a mention too many only loads it). */
  trigger: RegExp;
  /** How a stand-in's message names what the source should mention. */
  mention: string;
  /** Names the stand-in module takes from the real one's neighbours, which the core holds anyway (file relative to `file`'s folder, its default export). */
  kept?: Readonly<Record<string, string>>;
}

export const ZOD_PARTS: readonly ZodPart[] = [
  // `en` is zod's default locale: the core has it (zod/v4/classic/schemas.js imports it).
  { name: 'locales', file: 'v4/locales/index.js', trigger: /locales/, mention: '"locales" (as in z.locales.fr())', kept: { en: './en.js' } },
  { name: 'compile', file: 'v4/core/compile.js', trigger: /compile|withParser/i, mention: '"compile" (as in z.compile(schema))' },
  { name: 'from-json-schema', file: 'v4/classic/from-json-schema.js', trigger: /fromJSONSchema/, mention: '"fromJSONSchema" (as in z.fromJSONSchema(jsonSchema))' },
];

/** The parts a schema source could reach by name. */
export function zodPartsIn(source: string): ZodPart[] {
  return ZOD_PARTS.filter((p) => p.trigger.test(source));
}
