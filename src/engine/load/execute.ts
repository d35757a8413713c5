/** Execute: runs the transpiled code with a module map that knows only zod, and collects what it exports and declares. */
import { z } from 'zod';
import { compile, instrument, uninstrumented, type Program, type Run } from './instrument.ts';
import { requireIn } from './modules.ts';
import type { ZodModules } from '../worlds/world.ts';
import { compileError, runtimeError } from './run-errors.ts';
import { fail, type Step } from './step.ts';
import type { Transpiled } from './transpile.ts';

/** Everything a run reveals: the module's exports and the top-level values, in source order. */
export interface Evaluated {
  exports: Record<string, unknown>;
  moduleExports: unknown;
  /** The final expression statement's value, when the code ends with one. */
  last: { value: unknown } | null;
  bindings: Array<[string, unknown]>;
}

/** Runs the code once (with the world's zod, default the bundled one); a compile or runtime error comes back with its position in the user's source. */
export function execute(source: string, compiled: Transpiled, zod?: ZodModules): Step<Evaluated> {
  let program = instrument(compiled.code);
  let run: Run;
  try {
    run = compile(program.body);
  } catch {
    // Should the scan ever misread the code, run it uninstrumented rather than blame the user for our mistake.
    program = uninstrumented(compiled.code);
    try {
      run = compile(program.body);
    } catch (e) {
      return fail(compileError(source, e));
    }
  }
  return runProgram(source, compiled, program, run, zod);
}

function runProgram(source: string, compiled: Transpiled, program: Program, run: Run, zod: ZodModules | undefined): Step<Evaluated> {
  const exports: Record<string, unknown> = {};
  const module = { exports: exports as unknown };
  try {
    const out = run(requireIn(zod), exports, module, zod ? zod.root['z'] : z) as { last?: unknown; bindings: Array<[string, () => unknown]> };
    const last = 'last' in out ? { value: out.last } : null;
    return { ok: true, value: { exports, moduleExports: module.exports, last, bindings: out.bindings.map(([n, get]) => [n, read(get)]) } };
  } catch (e) {
    return fail(runtimeError(source, compiled, program, e));
  }
}

function read(get: () => unknown): unknown {
  try {
    return get();
  } catch {
    return undefined;
  }
}
