/** Intellisense for `z.` in the schema editor: zod's own declarations, one lazily loaded asset, added after first paint. */
import type { monaco as Monaco } from './monaco.ts';

/** Where zod's declarations live in the TypeScript worker's file system. */
const ZOD_ROOT = 'file:///node_modules/zod/';

/** Adds zod's .d.ts files to the TypeScript worker under file:///node_modules/zod/ (once: Monaco's defaults remember them). */
export async function addZodTypes(monaco: typeof Monaco): Promise<void> {
  const defaults = monaco.typescript.typescriptDefaults;
  if (Object.keys(defaults.getExtraLibs()).some((path) => path.startsWith(ZOD_ROOT))) return;
  const { ZOD_DECLARATIONS } = await import('./zodTypes.data.ts');
  // Adding a path again with the same text changes nothing (two editors asking at once).
  for (const [path, source] of Object.entries(ZOD_DECLARATIONS)) defaults.addExtraLib(source, `file://${path}`);
}
