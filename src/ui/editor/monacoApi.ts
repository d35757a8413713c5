/**
 * The parts of Monaco the app uses, from monaco-editor's ESM entry points: the editor core and its editor features
 * (find, folding, hover, suggest, …), the TypeScript language (tokens, and the TypeScript worker's diagnostics and
 * completions) for the schema editor, and JSON for the answer editor. The package's main entry would register every
 * language (and bundle the CSS and HTML workers and the LSP client) for editors that only ever show these two.
 */
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/typescript/register';

export * from 'monaco-editor/editor/editor.api';
export * as json from 'monaco-editor/languages/features/json/register';
export * as typescript from 'monaco-editor/languages/features/typescript/register';
