/** Errors from running the user's code, located in the user's source: stack frame → function body → source map. */
import { positionOf } from '../answer.ts';
import type { ErrorInfo } from '../report.ts';
import { CAPTURE, compile, HEAD, type Program } from './instrument.ts';
import { ImportRefused } from './modules.ts';
import { MissingImport } from './register.ts';
import { originalPosition, type Transpiled } from './source-map.ts';
import { messageOf } from '../lib/message.ts';
import { SOURCE_NAME } from './step.ts';
import { tamperMessage } from './tamper.ts';

/** A syntax error only the engine finds (the transpiler let it through), located where it can be. */
export function compileError(source: string, e: unknown): ErrorInfo {
  const message = `Syntax error: ${messageOf(e)}`;
  // V8 gives no position for errors only the engine finds; a redeclaration is the common one, and easy to find.
  const name = /^Identifier '([\w$]+)' has already been declared/.exec(messageOf(e))?.[1];
  if (!name) return { message };
  const declarations = [...source.matchAll(new RegExp(`\\b(?:const|let|var|class|function)\\s+(${name.replace(/\$/g, '\\$')})\\b`, 'g'))];
  const second = declarations[1] ?? declarations[0];
  return second?.index === undefined ? { message } : { message, ...positionOf(source, second.index + second[0].length - name.length) };
}

/** What the user's code threw, said as the user wrote it and located at the first frame in the schema file. */
export function runtimeError(source: string, compiled: Transpiled, program: Program, e: unknown): ErrorInfo {
  // A stand-in for an import (register.ts) throws where it is used: point at the import that brought it in.
  const imported = e instanceof MissingImport ? importPosition(source, e.module) : null;
  const at = imported ?? userPosition(e, compiled, program);
  const tampered = tamperMessage(e, at ? { line: at.line, text: source.split('\n')[at.line - 1] ?? '' } : undefined);
  const thrown = tampered ?? describeThrown(e);
  const message = e instanceof ImportRefused ? e.message : program.registrations && tampered === null ? elsewhere(thrown) : thrown;
  if (!at) return { message };
  if (e instanceof ImportRefused && !imported) {
    // Point at the quoted module name in the import, not at the generated require call.
    const quoteColumn = (source.split('\n')[at.line - 1] ?? '').indexOf(e.module);
    return { message, line: at.line, column: quoteColumn > 0 ? quoteColumn : 1 };
  }
  return { message, ...at };
}

/** A registration refers to a name the paste does not define: say which, and what to paste. */
function elsewhere(message: string): string {
  const name = /^ReferenceError: ([\w$]+) is not defined$/.exec(message)?.[1];
  return name ? `${message}: the registration refers to ${name}, which is defined elsewhere in your server. Paste its definition above the registration.` : message;
}

/** Where the module name of the import of `module` is in the source. */
function importPosition(source: string, module: string): { line: number; column: number } | null {
  const quoted = new RegExp(`\\b(?:from|require\\()\\s*(['"])${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`).exec(source);
  return quoted ? positionOf(source, quoted.index + quoted[0].indexOf(module)) : null;
}

function describeThrown(e: unknown): string {
  const text = cleanNames(messageOf(e));
  const name = e instanceof Error ? e.name : '';
  return name && name !== 'Error' ? `${name}: ${text}` : text;
}

/** Sucrase renames imported bindings (`z.strin` runs as `_zod.z.strin`); say them as the user wrote them. */
function cleanNames(message: string): string {
  return message.replace(/\b_(?:zod|v4)\d*\.default\b/g, 'z').replace(/\b_(?:zod|v4)\d*\.(?=[\w$])/g, '');
}

/** Where in the user's source a thrown error happened: the first stack frame in the schema file, mapped back. */
function userPosition(e: unknown, compiled: Transpiled, program: Program): { line: number; column: number } | null {
  const frame = stackFrame(e);
  const offset = functionOffset();
  if (!frame || !offset) return null;
  const line = frame.line - offset.lines;
  let column = frame.column;
  if (line === 1) column -= offset.columns + HEAD.length;
  if (program.capture && line === program.capture.line && column >= program.capture.column + CAPTURE.length) column -= CAPTURE.length;
  if (line < 1 || column < 1) return null;
  return originalPosition(compiled.map, line, column);
}

function stackFrame(e: unknown): { line: number; column: number } | null {
  const stack = (e as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return null;
  // Anchored so that a library frame such as `to-json-schema.ts:1:2` is not taken for the user's file.
  const at = new RegExp(`(?:^|[\\s(@])${SOURCE_NAME.replace('.', '\\.')}:(\\d+):(\\d+)`, 'm').exec(stack);
  return at ? { line: Number(at[1]), column: Number(at[2]) } : null;
}

/**
 * Engines put `new Function` bodies after a header of their own: measured (on each error placed, a few microseconds)
 * instead of assuming V8's two lines.
 */
function functionOffset(): { lines: number; columns: number } | null {
  try {
    const probe = compile('return new Error()') as () => Error;
    const at = stackFrame(probe());
    // `new` is the 8th character of the probe's first line.
    return at ? { lines: at.line - 1, columns: at.column - 8 } : null;
  } catch {
    // No position then; messages still arrive.
    return null;
  }
}
