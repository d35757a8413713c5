/**
 * The schema libraries besides zod that a schema module may import: valibot (with @valibot/to-json-schema), arktype
 * and effect. The v2 server (`@modelcontextprotocol/server` 2.x) takes any Standard Schema that also implements
 * Standard JSON Schema; SDK 1.x and the converters and policies that read zod's internals take zod only.
 *
 * Each library is its own lazily loaded engine part (chunk.ts), loaded before the schema code runs only when the
 * source imports it (chunks.ts `chunksFor`): a case that imports none of them fetches none of them. The load phase's
 * `require` (load/modules.ts) gives the code the loaded package's module objects.
 */
import { chunk, type Chunk } from '../chunk.ts';
import { tokenize } from '../load/scan.ts';

/** A library's chunk: each specifier it answers, and the module object the code gets for it. */
type Modules = Readonly<Record<string, object>>;

/** One schema library: the npm packages (at the versions package.json pins), the specifiers it answers, its chunk. */
export interface SchemaLibrary {
  /** The `~standard.vendor` its schemas carry. */
  vendor: string;
  /** npm name → the pinned version (test/schema-libraries.test.ts holds them to the installed packages). */
  packages: Readonly<Record<string, string>>;
  /** The import specifiers a schema module may use. */
  specifiers: readonly string[];
  chunk: Chunk<Modules>;
}

/** A package's module object as the transpiled code's `require` gives it (sucrase's interop reads `__esModule`). */
const asModule = (m: object): object => Object.freeze({ ...m, __esModule: true });

/** The libraries, by vendor: a literal dynamic import each, so the bundler makes each its own chunk. */
export const SCHEMA_LIBRARIES: readonly SchemaLibrary[] = [
  {
    vendor: 'valibot',
    packages: { valibot: '1.5.0', '@valibot/to-json-schema': '1.8.0' },
    specifiers: ['valibot', '@valibot/to-json-schema'],
    chunk: chunk('lib-valibot', async () => {
      const m = await import('./valibot.ts');
      return { valibot: asModule(m.valibot), '@valibot/to-json-schema': asModule(m.toJsonSchema) };
    }),
  },
  {
    vendor: 'arktype',
    packages: { arktype: '2.2.9' },
    specifiers: ['arktype'],
    chunk: chunk('lib-arktype', async () => ({ arktype: asModule((await import('./arktype.ts')).arktype) })),
  },
  {
    vendor: 'effect',
    packages: { effect: '4.1.0' },
    specifiers: ['effect', 'effect/Schema'],
    chunk: chunk('lib-effect', async () => {
      const m = await import('./effect.ts');
      return { effect: asModule(m.effect), 'effect/Schema': asModule(m.schema) };
    }),
  },
];

/** Every specifier a library answers. */
export const LIBRARY_SPECIFIERS: readonly string[] = SCHEMA_LIBRARIES.flatMap((l) => l.specifiers);

/** The library a specifier belongs to, or undefined. */
function libraryOfSpecifier(specifier: string): SchemaLibrary | undefined {
  return SCHEMA_LIBRARIES.find((l) => l.specifiers.includes(specifier));
}

/**
 * The libraries a source imports: a string right after `from`, `import` or `require(` (the tokenizer skips comments,
 * and a string elsewhere is just data) that names one of their specifiers.
 */
export function librariesIn(source: string): SchemaLibrary[] {
  if (!LIBRARY_SPECIFIERS.some((s) => source.includes(s))) return [];
  const tokens = tokenize(source);
  const found = new Set<SchemaLibrary>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t?.kind !== 'string') continue;
    const before = tokens[k - 1]?.text;
    const imports = before === 'from' || before === 'import' || (before === '(' && tokens[k - 2]?.text === 'require');
    const library = imports ? libraryOfSpecifier(t.text.slice(1, -1)) : undefined;
    if (library) found.add(library);
  }
  return [...found];
}

/** The chunks of the libraries a case (as sent, unchecked) imports. */
export function libraryChunksFor(input: unknown): Array<Chunk<unknown>> {
  const schema = typeof input === 'object' && input !== null ? (input as { schema?: unknown }).schema : undefined;
  return typeof schema === 'string' ? librariesIn(schema).map((l) => l.chunk) : [];
}

/** The module object a library specifier gives the code (its chunk loaded before: chunksFor), or undefined for any other. */
export function libraryModule(specifier: string): object | undefined {
  return libraryOfSpecifier(specifier)?.chunk.get()[specifier];
}

/** A Standard Schema of a library other than zod, read off the value: its vendor and whether it lists (`~standard.jsonSchema`). */
export interface LibrarySchema {
  vendor: string;
  /** The library's packages when it is one of ours, with their versions. */
  library: SchemaLibrary | undefined;
}

/**
 * The Standard Schema of another library than zod that a value is (`~standard.validate` a function, `~standard.vendor`
 * not "zod"), or null. arktype's types are functions, the others objects.
 */
export function librarySchemaOf(value: unknown): LibrarySchema | null {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return null;
  let std: unknown;
  try {
    if (!('~standard' in value)) return null;
    std = (value as { '~standard': unknown })['~standard'];
  } catch {
    return null;
  }
  if (typeof std !== 'object' || std === null) return null;
  const { vendor, validate } = std as { vendor?: unknown; validate?: unknown };
  if (typeof validate !== 'function' || typeof vendor !== 'string' || vendor === 'zod') return null;
  return { vendor, library: SCHEMA_LIBRARIES.find((l) => l.vendor === vendor) };
}

/** How the engine names a library schema: `a valibot schema (valibot 1.5.0)`. */
export function describeLibrarySchema(schema: LibrarySchema): string {
  const versions = schema.library ? ` (${Object.entries(schema.library.packages).map(([name, v]) => `${name} ${v}`).join(', ')})` : '';
  return `${/^[aeiou]/i.test(schema.vendor) ? 'an' : 'a'} ${schema.vendor} schema${versions}`;
}
