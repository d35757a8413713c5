/**
 * The engine's one entry point: `evaluate(case) → Report`.
 * Named phases over one case: load → answer → convert → ship (per policy) → verify (per client) → real SDK run
 * (phases/). Each phase takes plain data and returns plain data; every failure is a value in the Report, never a throw.
 */
import { CaseSchema, DEFAULT_TOOL, ROLES, type Case } from './case.ts';
import { parseAnswer } from './answer.ts';
import { guard } from './lib/guard.ts';
import { messageOf } from './lib/message.ts';
import { loadSchema } from './load.ts';
import { preload } from './chunks.ts';
import { convertAll } from './phases/convert.ts';
import { analyseAnswer, analysisOf, shipAll } from './phases/ship.ts';
import { verifyAll } from './phases/verify.ts';
import { realRuns } from './phases/real-run.ts';
import { firstReport, selectedOf } from './phases/first.ts';
import { parseInput } from './policies/input.ts';
import { VERSIONS } from './versions.ts';
import { capReport } from './caps.ts';
import type { Report } from './report.ts';
import type { LoadedCase } from './types.ts';

/** Optional observers of one evaluation (the sandbox worker times the schema's own code apart from the engine's). */
export interface EvaluateHooks {
  /** The schema's module code is about to run. */
  loading?(): void;
  /** It ran (loaded or not): what follows is the engine's work on the loaded schema. */
  loaded?(): void;
  /**
   * Called with the first report (phases/first.ts: the selected converter × client, `pending` set) before the rest is
   * computed, when the case names a known `converter` and `client` and its answer parses.
   */
  first?(report: Report): void;
}

/** Evaluates one case. Accepts anything: an invalid case is reported in `load`. Never throws. Free text is capped (caps.ts). */
export async function evaluate(input: unknown, hooks: EvaluateHooks = {}): Promise<Report> {
  return capReport(await evaluateCase(input, hooks));
}

async function evaluateCase(input: unknown, hooks: EvaluateHooks): Promise<Report> {
  // The chunks this case needs, so that sync code may get() them (the sandbox worker loaded them already; a chunk
  // that cannot load fails where it is used, as that part's error).
  await preload(input).catch(() => undefined);
  const parsed = CaseSchema.safeParse(input);
  if (!parsed.success) {
    const role = ROLES.find((r) => r === (input as { role?: unknown } | null)?.role) ?? 'output';
    return emptyReport(role, DEFAULT_TOOL, { ok: false, error: { message: `Not a valid case: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` } });
  }
  const c: Case = parsed.data;
  const report = emptyReport(c.role, c.tool, { ok: true });

  hooks.loading?.();
  const loadResult = guard(() => loadSchema(c.schema, c.role), (e) => ({ ok: false as const, error: { message: messageOf(e) } }));
  hooks.loaded?.();
  if (!loadResult.ok) return { ...report, load: { ok: false, error: loadResult.error } };
  const loaded: LoadedCase = { role: c.role, tool: c.tool, schema: loadResult.schema };

  const answer = parseAnswer(c.answer);
  if (!answer.ok) {
    const converters = Object.fromEntries((await convertAll(loaded)).map(([id, l]) => [id, { listed: l.listed, listError: l.listError, warning: l.warning, policies: {} }]));
    return { ...report, answer: { ok: false, error: answer.error }, converters };
  }

  const analysed = analyseAnswer(loaded, answer.value);
  const shipments = shipAll(loaded, answer.value, analysed);
  const selected = hooks.first ? selectedOf(input) : null;
  if (hooks.first && selected) hooks.first(capReport(await firstReport(report, loaded, answer.value, shipments, selected)));
  const converters = verifyAll(loaded, answer.value, await convertAll(loaded), shipments);
  const out: Report = { ...report, converters, realSdk: await realRuns(loaded, answer.value, converters) };
  if (c.role === 'input') out.input = guard(() => parseInput(answer.value, analysisOf(analysed)), (e) => ({ ok: false, parsed: null, dropped: [], error: messageOf(e) }));
  return out;
}

function emptyReport(role: Report['role'], tool: string, load: Report['load']): Report {
  return { v: 1, role, tool, load, answer: { ok: true }, converters: {}, realSdk: { v1: null, v2: null }, versions: { ...VERSIONS } };
}

export { shipAll } from './phases/ship.ts';
export { verifyAll } from './phases/verify.ts';
