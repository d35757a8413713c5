/** Monaco, bundled from npm (never a CDN): workers, the TypeScript defaults for the schema editor, and the React loader. */
import { loader } from '@monaco-editor/react';
import * as monaco from './monacoApi.ts';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';

/** Monaco's worker per language label; anything else gets the plain editor worker. */
const WORKERS: Record<string, () => Worker> = {
  json: () => new JsonWorker(),
  typescript: () => new TsWorker(),
  javascript: () => new TsWorker(),
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
