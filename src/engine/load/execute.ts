/** Execute: runs the transpiled code with a module map that knows only zod, and collects what it exports, declares and registers. */
import { z } from 'zod';
import { compile, instrument, uninstrumented, type Program, type Run } from './instrument.ts';
import { requireIn } from './modules.ts';
import { Capture, type RegisteredTool } from './register.ts';
import { compileError, runtimeError } from './run-errors.ts';
import { fail, type Step } from './step.ts';
import type { Transpiled } from './source-map.ts';
import type { ZodModules } from '../worlds/zod-modules.ts';

/** Everything a run reveals: the module's exports, the top-level values in source order, and the tools it registered. */
export interface Evaluated {
  exports: Record<string, unknown>;
  moduleExports: unknown;
  /** The final expression statement's value, when the code ends with one. */
  last: { value: unknown } | null;
  bindings: Array<[string, unknown]>;
  /** The tools the code registered (register.ts), in order; empty when it registers none. */
  tools: RegisteredTool[];
}

/** The SDK server class a registration paste registers on (the picked v1 McpServer; default the bundled 1.32.2). */
export type ServerClass = new (info: object) => object;

/** Runs the code once (with the world's zod, default the bundled one); a compile or runtime error comes back with its position in the user's source. */
export function execute(source: string, compiled: Transpiled, zod?: ZodModules, server?: ServerClass): Step<Evaluated> {
  let program = instrument(compiled.code);
  const free = program.registrations?.free ?? [];
  // The server names a paste uses undeclared, where binding them compiles (a name declared in a way the scan does not
  // see, a destructuring, would clash with the parameter: then the code runs without them).
  const withServers = [...free, ...(program.registrations?.servers ?? [])];
  for (const params of withServers.length > free.length ? [withServers, free] : [free]) {
    try {
      return runProgram(source, compiled, program, compile(program.body, params), params.length, zod, server);
    } catch (e) {
      if (!(e instanceof SyntaxError)) throw e;
    }
  }
  // Should the scan ever misread the code, run it uninstrumented rather than blame the user for our mistake.
  program = uninstrumented(compiled.code, program.registrations);
  let run: Run;
  try {
    run = compile(program.body, free);
  } catch (e) {
    return fail(compileError(source, e));
  }
  return runProgram(source, compiled, program, run, free.length, zod, server);
}

function runProgram(source: string, compiled: Transpiled, program: Program, run: Run, bound: number, zod: ZodModules | undefined, server: ServerClass | undefined): Step<Evaluated> {
  const exports: Record<string, unknown> = {};
  const module = { exports: exports as unknown };
  const capture = program.registrations ? new Capture(server) : null;
  const require = capture ? capture.requireWith(requireIn(zod)) : requireIn(zod);
  const free = Array.from({ length: bound }, () => capture?.host());
  try {
    const out = run.call(capture?.host(), require, exports, module, zod ? zod.root['z'] : z, ...free) as { last?: unknown; bindings: Array<[string, () => unknown]> };
    const last = 'last' in out ? { value: out.last } : null;
    const tools = capture?.tools ?? [];
    return { ok: true, value: { exports, moduleExports: module.exports, last, bindings: out.bindings.map(([n, get]) => [n, read(get)]), tools } };
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
