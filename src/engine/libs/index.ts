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
import { LIBRARY_CATALOG, LIBRARY_SPECIFIERS, vendorsIn, type LibraryEntry } from './catalog.ts';

export { LIBRARY_SPECIFIERS } from './catalog.ts';

/** A library's chunk: each specifier it answers, and the module namespace the code gets for it. */
type Modules = { readonly modules: Readonly<Record<string, object>> };

/** One schema library (catalog.ts) with its chunk. */
export interface SchemaLibrary extends LibraryEntry {
  chunk: Chunk<Modules>;
}

/** A literal dynamic import each, so the bundler makes each library its own chunk. */
const CHUNKS: Readonly<Record<string, Chunk<Modules>>> = {
  valibot: chunk('lib-valibot', () => import('./lib-valibot.ts')),
  arktype: chunk('lib-arktype', () => import('./lib-arktype.ts')),
  effect: chunk('lib-effect', () => import('./lib-effect.ts')),
};

/** The libraries with their chunks, in catalog order. */
export const SCHEMA_LIBRARIES: readonly SchemaLibrary[] = LIBRARY_CATALOG.map((entry) => ({ ...entry, chunk: CHUNKS[entry.vendor] as Chunk<Modules> }));

/** The libraries a source imports (catalog.ts `vendorsIn`). */
export function librariesIn(source: string): SchemaLibrary[] {
  if (!LIBRARY_SPECIFIERS.some((s) => source.includes(s))) return [];
  const vendors = vendorsIn(tokenize(source));
  return SCHEMA_LIBRARIES.filter((l) => vendors.includes(l.vendor));
}

/** The library a specifier belongs to, or undefined. */
function libraryOfSpecifier(specifier: string): SchemaLibrary | undefined {
  return SCHEMA_LIBRARIES.find((l) => l.specifiers.includes(specifier));
}

/** The chunks of the libraries a schema source imports. */
export function libraryChunksFor(source: string): Array<Chunk<unknown>> {
  return librariesIn(source).map((l) => l.chunk);
}

const asModules = new WeakMap<object, object>();

/**
 * The module object a library specifier gives the code (its chunk loaded before: chunksFor), or undefined for any
 * other: the package's namespace, frozen and marked `__esModule` (sucrase's interop reads it), one per namespace.
 */
export function libraryModule(specifier: string): object | undefined {
  const library = libraryOfSpecifier(specifier);
  const namespace = library?.chunk.get().modules[specifier];
  if (namespace === undefined) return undefined;
  let module = asModules.get(namespace);
  if (!module) {
    module = Object.freeze({ ...namespace, __esModule: true });
    if (library?.only?.specifier === specifier) module = partial(module, specifier, library.only.names);
    asModules.set(namespace, module);
  }
  return module;
}

/** A module that holds part of its package: reading another name throws, naming what is here (as ESM refuses a missing export). */
function partial(module: object, specifier: string, names: readonly string[]): object {
  return new Proxy(module, {
    get(target, p, receiver) {
      if (typeof p === 'string' && !(p in target) && p !== 'then' && p !== 'default') {
        throw new SyntaxError(`The module "${specifier}" here provides ${names.join(', ')} only (the rest of ${specifier} is not bundled in the playground): it has no export named ${p}.`);
      }
      return Reflect.get(target, p, receiver);
    },
  });
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
