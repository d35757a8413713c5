/** A Monaco editor over an uncontrolled model: changes out (at once; coalesced for a large text), external replacements in, markers applied. */
import { Editor, type OnMount } from '@monaco-editor/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EditorMarker } from './answerMarkers.ts';
import { monaco, startTypeScript } from './monaco.ts';
import { useServices } from '../storeContext.ts';
import type { EditorName } from './mountedEditors.ts';
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

/**
 * How long a change waits for the next keystroke before it goes to the store (changes within it are coalesced into
 * one), by the text's length: none for a text up to 16 K characters (the sandbox keeps only the newest request, so fast typing costs no extra runs), then 1 ms
 * per 16 K (64 ms at 1 M characters), at most 150 ms. What a large text costs per change (reading the model, copying
 * it to the sandbox) is then paid about once per pause, not per key.
 */
export function coalesceMs(chars: number): number {
  return Math.min(150, Math.floor(chars / 16_384));
}
/** A line this long makes tokenizing, bracket matching and wrapping sluggish; such documents are plain text, unwrapped. */
const LONG_LINE = 10_000;
const PATHS: Record<EditorName, string> = { schema: 'file:///schema.ts', answer: 'file:///answer.json' };

type StandaloneEditor = Parameters<OnMount>[0];

/** The editor. Default export so it can be loaded lazily (Monaco stays out of the first paint). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one React component holds the Monaco editor's mount, model and marker effects
export default function CodeEditor({ name, language, value, onChange, markers, theme, ariaLabel }: CodeEditorProps) {
  const { ui } = useServices();
  const editorRef = useRef<StandaloneEditor | null>(null);
  const pushed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const markersRef = useRef(markers);
  markersRef.current = markers;
  // Whether the text has a line too long to tokenize or wrap (a 10 MB answer on one line): wrapping it alone takes seconds.
  const [longLines, setLongLines] = useState(false);
  const fittedText = useRef<string | null>(null);

  /** Sets the language and wrapping for `text`, before it is in the model when it is a replacement. */
  const fitTo = (model: monaco.editor.ITextModel, text: string) => {
    // A replacement is fitted before it lands and again when its change event flushes it: measured once.
    if (text === fittedText.current) return;
    fittedText.current = text;
    const long = hasLongLine(text);
    const wanted = long ? 'plaintext' : language;
    if (model.getLanguageId() !== wanted) monaco.editor.setModelLanguage(model, wanted);
    editorRef.current?.updateOptions(fitted(language, long));
    setLongLines(long);
  };
  /**
   * Replaces the whole text as one undoable edit, the language, wrapping and line ending set for the new text first.
   * Monaco rewrites every line break of an edit to the model's line ending, which it took from the first text (CRLF for
   * a one-line text on Windows): without matching it, a case opened in the open app would hold other line breaks than
   * its link, and so another link.
   */
  const replaceText = (model: monaco.editor.ITextModel, text: string) => {
    fitTo(model, text);
    const eol = text.includes('\r\n') ? monaco.editor.EndOfLineSequence.CRLF : monaco.editor.EndOfLineSequence.LF;
    if (model.getEndOfLineSequence() !== eol) model.setEOL(eol);
    // An undo step of its own: Monaco would otherwise merge it with the replacement before it (a link opened, then a
    // fix applied), and Ctrl/Cmd+Z would undo both.
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
    model.pushStackElement();
  };

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const model = editorRef.current?.getModel();
    if (!model) return;
    const text = model.getValue();
    pushed.current = text;
    fitTo(model, text);
    onChangeRef.current(text);
  };

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    const model = editor.getModel();
    if (!model) return;
    fitTo(model, model.getValue());
    // Markers computed before Monaco mounted (a report that came first) are applied now.
    applyMarkers(model, markersRef.current);
    editor.onDidBlurEditorText(() => timer.current && flush());
    ui.getState().mountEditor(name, {
      getText: () => model.getValue(),
      setText: (text) => replaceText(model, text),
      reveal: (line, column) => {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenter({ lineNumber: line, column });
        editor.focus();
      },
      select: (r) => {
        editor.setSelection({ selectionStartLineNumber: r.endLineNumber, selectionStartColumn: r.endColumn, positionLineNumber: r.startLineNumber, positionColumn: r.startColumn });
        editor.revealRangeInCenter(r);
        editor.focus();
      },
      cursor: () => {
        const p = editor.getPosition();
        return { line: p?.lineNumber ?? 1, column: p?.column ?? 1 };
      },
      selected: () => {
        const sel = editor.getSelection();
        return sel ? model.getValueInRange(sel) : '';
      },
      markers: () => markersRef.current,
      model,
    });
    // The user clicked or tabbed into the read-only text that stood here: the keyboard is theirs.
    if (ui.getState().takeFocusRequest(name)) editor.focus();
    if (language === 'typescript') {
      // The TypeScript worker starts on the user's first visit to this editor (monaco.ts says why); typing implies one.
      if (editor.hasTextFocus()) startTypeScript();
      else editor.onDidFocusEditorText(startTypeScript);
      // After first paint: the declarations are a separate asset, fetched only once the schema editor exists.
      const later = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
      later(() => void addZodTypes(monaco));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only (flush reads refs): a new flush each render must not end the editor
  useEffect(
    () => () => {
      if (timer.current) flush();
      ui.getState().unmountEditor(name);
    },
    [name, ui],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the store's text changes; replaceText is a plain edit helper
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

  // One object per change: the wrapper calls updateOptions whenever the object is new.
  const options = useMemo(
    () => ({
      ariaLabel,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 13,
      ...fitted(language, longLines),
      // Not after '.', '/' or '?': a wrapped JSON number or URL should stay whole.
      wordWrapBreakAfterCharacters: ' \t})],;',
      lineNumbersMinChars: 3,
      tabSize: 2,
      fixedOverflowWidgets: true,
      renderLineHighlight: 'line',
      padding: { top: 6 },
    }) as const,
    [ariaLabel, language, longLines],
  );

  return (
    <Editor
      path={PATHS[name]}
      defaultLanguage={language}
      defaultValue={value}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      onMount={onMount}
      onChange={(_text, e) => {
        // A line-ending change comes just before the replacement that needs it (replaceText), which is what lands.
        if (e.isEolChange) return;
        if (timer.current) clearTimeout(timer.current);
        // A paste of a long line is fitted at once, before Monaco starts tokenizing it as JSON or TypeScript.
        const wait = coalesceMs(editorRef.current?.getModel()?.getValueLength() ?? 0);
        if (wait === 0 || e.changes.some((c) => c.text.length > LONG_LINE)) flush();
        else timer.current = setTimeout(flush, wait);
      }}
      loading={null}
      options={options}
    />
  );
}

function applyMarkers(model: monaco.editor.ITextModel, markers: readonly EditorMarker[]): void {
  const severity = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning } as const;
  monaco.editor.setModelMarkers(model, 'playground', markers.map((m) => ({ ...m, severity: severity[m.severity] })));
}

/**
 * The options that depend on the text: JSON wraps, unless a line is too long. Links and unicode highlighting copy the
 * whole text to Monaco's worker (hundreds of milliseconds for a 10 MB answer), so they are off for such text too.
 */
function fitted(language: CodeEditorProps['language'], longLines: boolean): monaco.editor.IEditorOptions {
  return {
    wordWrap: language === 'json' && !longLines ? 'on' : 'off',
    links: !longLines,
    // Monaco's defaults otherwise (an update merges, so they are restored explicitly).
    unicodeHighlight: longLines
      ? { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false }
      : { ambiguousCharacters: true, invisibleCharacters: true, nonBasicASCII: 'inUntrustedWorkspace' },
  };
}

function hasLongLine(text: string): boolean {
  if (text.length < LONG_LINE) return false;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; start = i + 1, i = text.indexOf('\n', start)) if (i - start > LONG_LINE) return true;
  return text.length - start > LONG_LINE;
}
