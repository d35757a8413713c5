/** Monaco, bundled from npm (never a CDN): workers, the TypeScript defaults for the schema editor, and the React loader. */
import { loader } from '@monaco-editor/react';
import * as monaco from './monacoApi.ts';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';

/**
 * The TypeScript worker (a 7 MB script that then type-checks the schema against zod's declarations, seconds of CPU)
 * starts when the user first focuses the schema editor, not when a link opens: until then Monaco's requests for it
 * (diagnostics, hovers) wait. A link that is only read never pays for it, and it never competes with a first verdict.
 */
const typeScript = (() => {
  let open = (): void => {};
  const wanted = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wanted, open: () => open() };
})();
/** Lets the TypeScript worker start (the schema editor calls it on its first focus); once is enough. */
export const startTypeScript = typeScript.open;

/** Monaco's worker per language label (Monaco accepts a promise of one); anything else gets the plain editor worker. */
const WORKERS: Record<string, () => Worker | Promise<Worker>> = {
  json: () => new JsonWorker(),
  typescript: () => typeScript.wanted.then(() => new TsWorker()),
  javascript: () => typeScript.wanted.then(() => new TsWorker()),
};

self.MonacoEnvironment = { getWorker: (_id: string, label: string) => (WORKERS[label] ?? (() => new EditorWorker()))() };

monaco.typescript.typescriptDefaults.setCompilerOptions({
  target: monaco.typescript.ScriptTarget.ESNext,
  module: monaco.typescript.ModuleKind.ESNext,
  moduleResolution: monaco.typescript.ModuleResolutionKind.NodeJs,
  strict: true,
  noEmit: true,
  allowNonTsExtensions: true,
  // The user's schema file is not a project; an unused import is not worth a squiggle.
  noUnusedLocals: false,
});
// The answer is validated by the engine (with its own line:column); Monaco's JSON checks only syntax.
monaco.json.jsonDefaults.setDiagnosticsOptions({ validate: true, allowComments: false, trailingCommas: 'error', schemas: [] });

// Without this, @monaco-editor/react fetches Monaco from a CDN.
loader.config({ monaco });

export { monaco };
