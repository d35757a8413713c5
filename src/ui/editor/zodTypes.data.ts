/** zod's declaration files as one chunk: path (from the project root) → source. Only the files `zod`'s entry reaches. */
const files = import.meta.glob<string>(
  ['/node_modules/zod/index.d.ts', '/node_modules/zod/v4/classic/*.d.ts', '/node_modules/zod/v4/core/*.d.ts', '/node_modules/zod/v4/locales/*.d.ts'],
  { query: '?raw', import: 'default', eager: true },
);

/** `/node_modules/zod/…d.ts` → its text. */
export const ZOD_DECLARATIONS: Readonly<Record<string, string>> = files;
