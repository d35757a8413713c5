/** Intellisense for `z.` in the schema editor: zod's own declarations, one lazily loaded asset, added after first paint. */
import type { monaco as Monaco } from './monaco.ts';

let added: Promise<void> | null = null;

/** Adds zod's .d.ts files to the TypeScript worker under file:///node_modules/zod/ (once). */
export function addZodTypes(monaco: typeof Monaco): Promise<void> {
  added ??= import('./zodTypes.data.ts').then(({ ZOD_DECLARATIONS }) => {
    for (const [path, source] of Object.entries(ZOD_DECLARATIONS)) {
      monaco.typescript.typescriptDefaults.addExtraLib(source, `file://${path}`);
    }
  });
  return added;
}
