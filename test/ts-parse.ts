/**
 * Parses TypeScript with the project's own `typescript` devDependency (7.x: the native compiler behind its sync API).
 * The compiler reads real files, so each text is written to a scratch directory first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipTrivia } from 'typescript/unstable/ast/scanner';
import { API } from 'typescript/unstable/sync';

/** A top-level statement: its syntax kind and its source text (comments before it left out). */
export interface Statement {
  kind: number;
  text: string;
}

/** What the parser made of one file. */
export interface Parsed {
  statements: Statement[];
  /** Syntax errors, as the compiler words them. */
  errors: string[];
}

/** A parser session; `close()` stops the compiler process and removes the scratch files. */
export interface TsParser {
  parse(text: string): Parsed;
  close(): void;
}

/** Starts the compiler once; parse as many texts as needed, then close. */
export function tsParser(): TsParser {
  const dir = mkdtempSync(join(tmpdir(), 'ts-parse-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { noLib: true, types: [] }, include: ['*.ts'] }));
  const api = new API({ cwd: dir });
  let n = 0;
  return {
    parse(text) {
      const file = join(dir, `f${n++}.ts`);
      writeFileSync(file, text);
      const snapshot = api.updateSnapshot({ openFiles: [file] });
      try {
        const program = snapshot.getDefaultProjectForFile(file)?.program;
        const source = program?.getSourceFile(file);
        if (!program || !source) throw new Error(`the compiler did not load ${file}`);
        return {
          statements: source.statements.map((s) => ({ kind: s.kind, text: text.slice(skipTrivia(text, s.pos), s.end) })),
          errors: program.getSyntacticDiagnostics(file).map((d) => d.text),
        };
      } finally {
        snapshot.dispose();
        rmSync(file, { force: true });
      }
    },
    close() {
      api.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
