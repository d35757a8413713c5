/**
 * The schema libraries besides zod, as data (no chunk, no import of a library: the page's fixes read it too): the npm
 * packages each brings at the versions package.json pins, the import specifiers a schema module may use, and which of
 * them a source imports.
 */
import type { Token } from '../load/scan.ts';

/** One schema library. */
export interface LibraryEntry {
  /** The `~standard.vendor` its schemas carry. */
  vendor: string;
  /** Its name as its own docs write it ("ArkType"): the schema editor's title says "<label> schema". */
  label: string;
  /** npm name → the pinned version (test/schema-libraries.test.ts holds them to package.json and the installed packages). */
  packages: Readonly<Record<string, string>>;
  /** The import specifiers a schema module may use: the keys of its chunk's module map (libs/lib-*.ts). */
  specifiers: readonly string[];
  /** A specifier whose module holds only these names (the rest of the package is not bundled). */
  only?: { specifier: string; names: readonly string[] };
}

export const LIBRARY_CATALOG: readonly LibraryEntry[] = [
  { vendor: 'valibot', label: 'Valibot', packages: { valibot: '1.5.0', '@valibot/to-json-schema': '1.8.0' }, specifiers: ['valibot', '@valibot/to-json-schema'] },
  { vendor: 'arktype', label: 'ArkType', packages: { arktype: '2.2.9' }, specifiers: ['arktype'] },
  { vendor: 'effect', label: 'Effect', packages: { effect: '4.1.0' }, specifiers: ['effect', 'effect/Schema'], only: { specifier: 'effect', names: ['Schema'] } },
];

/** Every specifier a library answers. */
export const LIBRARY_SPECIFIERS: readonly string[] = LIBRARY_CATALOG.flatMap((l) => l.specifiers);

/**
 * The vendors of the libraries a source imports, in catalog order, read off its tokens (load/scan.ts, or the fixes'
 * parser): a string right after `from`, `import` or `require(` (comments are no tokens, and a string elsewhere is
 * just data) that names one of their specifiers.
 */
export function vendorsIn(tokens: readonly Token[]): string[] {
  const found = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t?.kind !== 'string') continue;
    const before = tokens[k - 1]?.text;
    const imports = before === 'from' || before === 'import' || (before === '(' && tokens[k - 2]?.text === 'require');
    const specifier = t.text.slice(1, -1);
    const library = imports ? LIBRARY_CATALOG.find((l) => l.specifiers.includes(specifier)) : undefined;
    if (library) found.add(library.vendor);
  }
  return LIBRARY_CATALOG.filter((l) => found.has(l.vendor)).map((l) => l.vendor);
}
