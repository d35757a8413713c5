/**
 * Small files, small functions: every source file under src/ is at most 250 lines and no function is over 60 lines,
 * except the allow-list below, each with its reason (docs/architecture.md names them too). The list stays true:
 * a new violation fails, and so does an entry that no longer violates (shrink the list when a split lands).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Measured, measure, sourceFiles } from './size-scan.ts';

const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 60;

/** `path` for a file, `path#Outer.inner` for a function (as size-scan.ts names it), and why it may be larger. */
const ALLOWED: ReadonlyArray<{ where: string; reason: string }> = [
  { where: 'src/examples/index.ts', reason: 'data, not logic: the gallery examples with their case texts and expected verdicts' },
  { where: 'src/state/permalink.ts', reason: 'the link format (encode, decode, every old version) and its sliced encoder for giant cases (issue 9); the encoder is to move to its own module' },
  { where: 'src/ui/editor/CodeEditor.tsx#CodeEditor', reason: "one React component holds the Monaco editor's mount, model and marker effects" },
];

/** Files and functions over their limit. */
function violations(m: { files: Measured[]; functions: Measured[] }): string[] {
  const over = [...m.files.filter((f) => f.lines > MAX_FILE_LINES), ...m.functions.filter((f) => f.lines > MAX_FUNCTION_LINES)];
  return [...new Set(over.map((o) => o.where))].sort();
}

describe('size limits', () => {
  let measured: { files: Measured[]; functions: Measured[] };
  beforeAll(() => {
    measured = measure(sourceFiles());
  }, 120_000);

  it('measures every source file under src/, and the functions in them', () => {
    expect(measured.files.length).toBeGreaterThan(50);
    expect(measured.functions.length).toBeGreaterThan(measured.files.length);
  });

  it(`no file is over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES}, unless allow-listed with a reason`, () => {
    const allowed = new Set(ALLOWED.map((a) => a.where));
    const sizes = new Map([...measured.files, ...measured.functions].map((m) => [m.where, m.lines]));
    const fresh = violations(measured).filter((v) => !allowed.has(v));
    expect(fresh.map((v) => `${v}: ${sizes.get(v)} lines`), 'split these, or allow-list them with a reason').toEqual([]);
  });

  it('every allow-listed entry still exceeds its limit (remove it from the list once it is split)', () => {
    const over = new Set(violations(measured));
    expect(ALLOWED.map((a) => a.where).filter((w) => !over.has(w))).toEqual([]);
  });

  it('every allow-listed entry gives a reason', () => {
    for (const a of ALLOWED) expect(a.reason.length, a.where).toBeGreaterThan(20);
  });

  const doc = join(import.meta.dirname, '..', 'docs', 'architecture.md');
  it('docs/architecture.md names every allow-listed exception', () => {
    const text = readFileSync(doc, 'utf8');
    expect(ALLOWED.map((a) => a.where).filter((w) => !text.includes(w))).toEqual([]);
  });
});

describe('the measure itself', () => {
  it('counts a file, a named function, an arrow assigned to a const and a method, each by its own lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'size-scan-'));
    try {
      const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
      const text = [
        `export function big() {\n${body(60)}\n}`,
        `export const arrow = () => {\n${body(3)}\n};`,
        `export class Store {\n  get() {\n${body(1)}\n  }\n}`,
      ].join('\n');
      writeFileSync(join(dir, 'probe.ts'), `${text}\n`);
      const rel = relative(join(import.meta.dirname, '..'), join(dir, 'probe.ts'));
      const m = measure([rel]);
      expect(m.files).toEqual([{ where: rel, lines: 62 + 5 + 5 }]);
      expect(m.functions).toEqual([
        { where: `${rel}#big`, lines: 62 },
        { where: `${rel}#arrow`, lines: 5 },
        { where: `${rel}#get`, lines: 3 },
      ]);
      expect(violations(m)).toEqual([`${rel}#big`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
