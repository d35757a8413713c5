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
import { convertAll } from './phases/convert.ts';
import { analyseAnswer, analysisOf, shipAll } from './phases/ship.ts';
import { verifyAll } from './phases/verify.ts';
import { realRuns } from './phases/real-run.ts';
import { parseInput } from './policies/input.ts';
import { VERSIONS } from './versions.ts';
import { capReport } from './caps.ts';
import { generate, generateRequestOf } from './generate/index.ts';
import { importedConverters } from './import/imported.ts';
import { importedListing, NEEDS_ZOD } from './import/listing-source.ts';
import type { Report } from './report.ts';
import type { LoadedCase } from './types.ts';
import { clientsOf } from './clients/index.ts';
import { versionsOf, worldFor } from './worlds/load-world.ts';
import type { World } from './worlds/world.ts';
import { preload } from './chunks.ts';

/** Evaluates one case. Accepts anything: an invalid case is reported in `load`. Never throws. Free text is capped (caps.ts). */
export async function evaluate(input: unknown): Promise<Report> {
  return capReport(await evaluateCase(input));
}

async function evaluateCase(input: unknown): Promise<Report> {
  const parsed = CaseSchema.safeParse(input);
  if (!parsed.success) {
    const role = ROLES.find((r) => r === (input as { role?: unknown } | null)?.role) ?? 'output';
    return emptyReport(role, DEFAULT_TOOL, { ok: false, error: { message: `Not a valid case: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` } });
  }
  const c: Case = parsed.data;
  let world: World;
  try {
    // The engine's lazily loaded parts (chunks.ts): in the worker already loaded before the schema code can run.
    await preload(c);
    world = await worldFor(versionsOf(c.versions));
  } catch (e) {
    return emptyReport(c.role, c.tool, { ok: false, error: { message: `Could not load the picked versions: ${messageOf(e)}` } });
  }
  const report = withVersions(emptyReport(c.role, c.tool, { ok: true }), world, c.answerForm);
  const imported = importedListing(c.schema);
  if (imported !== null) return importedReport(c, imported, report);

  const loadResult = guard(() => loadSchema(c.schema, c.role, world.isDefault ? undefined : world.zod), (e) => ({ ok: false as const, error: { message: messageOf(e) } }));
  if (!loadResult.ok) return { ...report, load: { ok: false, error: loadResult.error } };
  const loaded: LoadedCase = { role: c.role, tool: c.tool, schema: loadResult.schema, ...(world.isDefault ? {} : { world }) };

  const answer = parseAnswer(c.answer);
  const listings = await convertAll(loaded);
  const request = generateRequestOf(c);
  if (request) report.generated = guard(() => generate(loaded, listings, request, answer.ok ? answer.value : undefined), (e) => ({ ...request, tries: 0, ms: 0, found: [], note: `generation failed: ${messageOf(e)}` }));
  if (!answer.ok) {
    const converters = Object.fromEntries(listings.map(([id, l]) => [id, { listed: l.listed, listError: l.listError, warning: l.warning, policies: {} }]));
    return { ...report, answer: { ok: false, error: answer.error }, converters };
  }

  const analysed = analyseAnswer(loaded, answer.value);
  const converters = verifyAll(loaded, answer.value, listings, shipAll(loaded, answer.value, analysed), clientsOf(loaded.world));
  const out: Report = { ...report, converters, realSdk: await realRuns(loaded, answer.value, converters) };
  if (c.role === 'input') out.input = guard(() => parseInput(answer.value, analysisOf(analysed)), (e) => ({ ok: false, parsed: null, dropped: [], error: messageOf(e) }));
  return out;
}

/** The versions that ran, in the Report's package-keyed record, and the answer form when the case picked one. */
function withVersions(report: Report, world: World, answerForm: Case['answerForm']): Report {
  const out: Report = world.isDefault ? report : { ...report, versions: { ...report.versions, zod: world.versions.zod, '@modelcontextprotocol/sdk': world.versions.sdk } };
  return answerForm === undefined ? out : { ...out, answerForm };
}

/** A case whose schema text is an imported listing: the clients' verdicts against it as given (import/imported.ts). */
function importedReport(c: Case, listed: NonNullable<ReturnType<typeof importedListing>>, report: Report): Report {
  const answer = parseAnswer(c.answer);
  const converters = importedConverters(c.role, c.tool, listed, answer.ok ? answer.value : undefined);
  const request = generateRequestOf(c);
  if (request) report.generated = { ...request, tries: 0, ms: 0, found: [], note: NEEDS_ZOD };
  return answer.ok ? { ...report, converters } : { ...report, answer: { ok: false, error: answer.error }, converters };
}

function emptyReport(role: Report['role'], tool: string, load: Report['load']): Report {
  return { v: 1, role, tool, load, answer: { ok: true }, converters: {}, realSdk: { v1: null, v2: null }, versions: { ...VERSIONS } };
}

export { shipAll } from './phases/ship.ts';
export { verifyAll } from './phases/verify.ts';
