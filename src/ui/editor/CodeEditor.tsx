/** A Monaco editor over an uncontrolled model: debounced changes out, external replacements in, markers applied. */
import { Editor, type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { EditorMarker } from './answerMarkers.ts';
import { monaco } from './monaco.ts';
import { editors, type EditorName } from './registry.ts';
import { addZodTypes } from './zodTypes.ts';

/** Props of one editor. */
export interface CodeEditorProps {
  name: EditorName;
  language: 'typescript' | 'json';
  /** The store's text: the initial value, and a replacement whenever the store changes it from elsewhere. */
  value: string;
  onChange(text: string): void;
  markers: readonly EditorMarker[];
  theme: 'light' | 'dark';
  ariaLabel: string;
}

const DEBOUNCE_MS = 150;
/** A line this long makes tokenizing and bracket matching sluggish; such documents are shown as plain text. */
const LONG_LINE = 10_000;
const PATHS: Record<EditorName, string> = { schema: 'file:///schema.ts', answer: 'file:///answer.json' };

type StandaloneEditor = Parameters<OnMount>[0];

/** The editor. Default export so it can be loaded lazily (Monaco stays out of the first paint). */
export default function CodeEditor({ name, language, value, onChange, markers, theme, ariaLabel }: CodeEditorProps) {
  const editorRef = useRef<StandaloneEditor | null>(null);
  const pushed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const markersRef = useRef(markers);
  markersRef.current = markers;

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const model = editorRef.current?.getModel();
    if (!model) return;
    const text = model.getValue();
    pushed.current = text;
    matchLanguage(model, language);
    onChangeRef.current(text);
  };

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    const model = editor.getModel();
    if (!model) return;
    matchLanguage(model, language);
    // Markers computed before Monaco mounted (a report that came first) are applied now.
    applyMarkers(model, markersRef.current);
    editor.onDidBlurEditorText(() => timer.current && flush());
    editors.set(name, {
      getText: () => model.getValue(),
      setText: (text) => replaceText(model, text),
      reveal: (line, column) => {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenter({ lineNumber: line, column });
        editor.focus();
      },
      markers: () => markersRef.current,
      model,
    });
    if (language === 'typescript') {
      // After first paint: the declarations are a separate asset, fetched only once the schema editor exists.
      const later = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
      later(() => void addZodTypes(monaco));
    }
  };

  useEffect(
    () => () => {
      if (timer.current) flush();
      editors.delete(name);
    },
    [name],
  );

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || value === pushed.current) return;
    // The store changed from elsewhere (a link, an example, the test hook): show it.
    pushed.current = value;
    if (model.getValue() !== value) replaceText(model, value);
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) applyMarkers(model, markers);
  }, [markers]);

  return (
    <Editor
      path={PATHS[name]}
      defaultLanguage={language}
      defaultValue={value}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      onMount={onMount}
      onChange={() => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(flush, DEBOUNCE_MS);
      }}
      loading={null}
      options={{
        ariaLabel,
        automaticLayout: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        fontSize: 13,
        wordWrap: language === 'json' ? 'on' : 'off',
        // Not after '.', '/' or '?': a wrapped JSON number or URL should stay whole.
        wordWrapBreakAfterCharacters: ' \t})],;',
        lineNumbersMinChars: 3,
        tabSize: 2,
        fixedOverflowWidgets: true,
        renderLineHighlight: 'line',
        padding: { top: 6 },
      }}
    />
  );
}

function applyMarkers(model: monaco.editor.ITextModel, markers: readonly EditorMarker[]): void {
  const severity = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning } as const;
  monaco.editor.setModelMarkers(model, 'playground', markers.map((m) => ({ ...m, severity: severity[m.severity] })));
}

/** Replaces the whole text as one undoable edit. */
function replaceText(model: monaco.editor.ITextModel, text: string): void {
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
}

function matchLanguage(model: monaco.editor.ITextModel, language: string): void {
  const wanted = hasLongLine(model.getValue()) ? 'plaintext' : language;
  if (model.getLanguageId() !== wanted) monaco.editor.setModelLanguage(model, wanted);
}

function hasLongLine(text: string): boolean {
  if (text.length < LONG_LINE) return false;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; start = i + 1, i = text.indexOf('\n', start)) if (i - start > LONG_LINE) return true;
  return text.length - start > LONG_LINE;
}
