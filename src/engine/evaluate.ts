/**
 * The engine's one entry point: `evaluate(case) → Report`.
 * Named phases over one case: load → answer → convert → ship (per policy) → verify (per client) → real SDK run
 * (phases/). Each phase takes plain data and returns plain data; every failure is a value in the Report, never a throw.
 */
import { CaseSchema, caseVersions, DEFAULT_TOOL, fillCase, type Case, type FilledCase } from './case.ts';
import { ROLES } from './contract/catalog.ts';
import { parseAnswer } from './answer.ts';
import { guard } from './lib/guard.ts';
import { messageOf } from './lib/message.ts';
import { loadSchema, type LoadResult, type Registered } from './load.ts';
import { handlerAnswer } from './load/handler.ts';
import { transpile } from './load/transpile.ts';
import { preload } from './chunks.ts';
import { convertAll } from './phases/convert.ts';
import { analyseAnswer, analysisOf, shipAll } from './phases/ship.ts';
import { reviveDates } from './lib/dates.ts';
import { toJson } from './lib/json.ts';
import { isZod4 } from './worlds/zod-kind.ts';
import { listErrorAtOf, verifyAll, verifyMemo } from './phases/verify.ts';
import { realRuns } from './phases/real-run.ts';
import { firstChunksFor, firstReport, selectedOf } from './phases/first.ts';
import { parseInput } from './policies/input.ts';
import { capReport } from './caps.ts';
import { generate } from './generate/index.ts';
import { importedConverters } from './import/imported.ts';
import { importedListing, NEEDS_ZOD } from './import/listing-source.ts';
import { MAX_REGISTERED_TOOLS, type Json, type Registration, type Report } from './report.ts';
import type { LoadedCase } from './types.ts';
import { valueTable, type ReportRows, type ValueTable } from './values.ts';
import { clientsOf } from './clients/index.ts';
import { worldFor } from './worlds/load-world.ts';
import { unvalidatedShipments, wholeResult } from './whole-result.ts';
import { POLICIES } from './policies/index.ts';
import type { World } from './worlds/world.ts';
import { eraOf } from './era.ts';
import type { Verifier } from './phases/verifier.ts';
import { DEFAULT_PROTOCOL, PACKAGE_VERSIONS as VERSIONS } from './contract/versions.ts';
import { engineSession, type EngineSession } from './session.ts';
import { generateRequestOf } from './generate/request.ts';

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
  /**
   * This realm computes the first report only: it loads just the chunks the selected converter and client run
   * (phases/first.ts), and evaluation returns the first report (its `pending` set) once `first` has it. A case that
   * has no first report (no selection, an answer that does not parse, a generate request, an imported listing) is
   * evaluated in full.
   */
  firstOnly?: boolean;
  /**
   * Where the clients' checks run (phases/verifier.ts): the sandbox's client realm, a realm that never runs schema code.
   * Absent (Node: the CLI, vitest), in this realm.
   */
  verifier?: Verifier;
  /**
   * The caches this evaluation shares with the realm's others (session.ts): loads, the transpiled source, the real
   * SDKs' sessions. Absent, the evaluation makes its own and closes it when done.
   */
  session?: EngineSession;
}

/**
 * Evaluates one case. Accepts anything: an invalid case is reported in `load`. Never throws. Free text is capped
 * (caps.ts); each distinct wire value is held once, in the Report's `values` (values.ts).
 */
export async function evaluate(input: unknown, hooks: EvaluateHooks = {}): Promise<Report> {
  // The Report's values: the phases put each wire value there as they build the rows that point at it.
  const table = valueTable();
  if (hooks.session) return withValues(await evaluateCase(input, hooks, hooks.session, table), table);
  const session = engineSession();
  try {
    return withValues(await evaluateCase(input, hooks, session, table), table);
  } finally {
    await session.close();
  }
}

/** The Report: the rows, then the values they point at, free text capped. */
function withValues(report: ReportRows, table: ValueTable): Report {
  return capReport({ ...report, values: table.values });
}

async function evaluateCase(input: unknown, hooks: EvaluateHooks, session: EngineSession, table: ValueTable): Promise<ReportRows> {
  const parsed = CaseSchema.safeParse(input);
  if (!parsed.success) {
    const role = ROLES.find((r) => r === (input as { role?: unknown } | null)?.role) ?? 'output';
    return emptyReport(role, DEFAULT_TOOL, { ok: false, error: { message: `Not a valid case: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` } });
  }
  // The case as given (a generation request rides along) and the filled case it runs, its tool name trimmed (empty: my_tool).
  const given: Case = parsed.data;
  const c: FilledCase = { ...fillCase(given), tool: given.tool?.trim() || DEFAULT_TOOL };
  const answer = answerOf(c);
  const selected = hooks.first ? selectedOf(input) : null;
  // With firstOnly, only the chunks of the first report, when the case has one (else it is evaluated in full).
  const firstChunks = hooks.firstOnly && selected && answer.ok && !generateRequestOf(given) && importedListing(c.schema) === null ? firstChunksFor(selected) : undefined;
  let world: World;
  try {
    // The engine's lazily loaded parts (chunks.ts), loaded before the schema code can run.
    await preload(given, firstChunks, session.transpiled);
    world = await worldFor(caseVersions(c));
  } catch (e) {
    return emptyReport(c.role, c.tool, { ok: false, error: { message: `Could not load the picked versions: ${messageOf(e)}` } });
  }
  const report = withVersions(emptyReport(c.role, c.tool, { ok: true }), world, given.answerForm, c.protocol);
  const imported = importedListing(c.schema);
  if (imported !== null) return importedReport(table, c, generateRequestOf(given), imported, report, hooks.verifier);

  // Transpiling is the engine's work (a cold sucrase can take a while): done before the load phase, which times the
  // schema's own code (the load phase reuses it).
  guard(() => transpile(c.schema, session.transpiled), () => null);
  hooks.loading?.();
  const loadResult: LoadResult = guard(
    () => loadSchema(c.schema, c.role, world.isDefault ? undefined : world.zod, { sdk: world.v1, cache: session.loads, ...(session.transpiled ? { transpiled: session.transpiled } : {}), ...(c.registered === undefined ? {} : { tool: c.registered }) }),
    (e) => ({ ok: false as const, error: { message: messageOf(e) } }),
  );
  // A registered tool's handler is the paste's own code: it runs now, timed with the schema's module code.
  const registration = loadResult.registered ? await registrationOf(loadResult.registered, c.role) : undefined;
  hooks.loaded?.();
  const tool = registration && c.tool === DEFAULT_TOOL ? registration.picked : c.tool;
  if (registration) Object.assign(report, { tool, registration });
  // The answer is checked whether or not the schema loads: an answer that does not parse says so either way.
  if (!loadResult.ok) return { ...report, load: { ok: false, error: loadResult.error }, ...(answer.ok ? {} : { answer: { ok: false as const, error: answer.error } }) };
  const whole = c.role === 'output' && c.answerForm === 'result';
  const loaded: LoadedCase = { role: c.role, tool, schema: loadResult.schema, ...(world.isDefault ? {} : { world }), ...(whole ? { answerForm: 'result' as const } : {}), ...eraOf(c.protocol), ...(session.cache ? { sdkSessions: session.sdkSessions } : {}), memos: session.memos, ...(session.sdkClients ? { sdkClients: session.sdkClients } : {}) };
  return evaluateLoaded(table, c, generateRequestOf(given), answer, loaded, report, { ...hooks, selected, firstOnly: firstChunks !== undefined });
}

/** The registered tools for the Report, with the picked tool's handler answer (output role: the answer is its result). */
async function registrationOf(registered: Registered, role: FilledCase['role']): Promise<Registration> {
  const base = { tools: registered.tools.slice(0, MAX_REGISTERED_TOOLS), picked: registered.picked.name };
  if (role !== 'output') return { ...base, handlerNote: null };
  const handler = await handlerAnswer(registered.picked);
  return handler.note === null ? { ...base, handlerAnswer: handler.answer, handlerNote: null } : { ...base, handlerNote: handler.note };
}

/** The case's answer, parsed; a whole result (`answerForm: "result"`) also read as one (whole-result.ts). */
function answerOf(c: FilledCase) {
  const parsed = parseAnswer(c.answer);
  // A whole result: the policies and clients act on its structuredContent, the real runs return it as is.
  const result = c.role === 'output' && c.answerForm === 'result' && parsed.ok ? wholeResult(c.answer, parsed.value) : null;
  return result && !result.ok ? result : { ...parsed, result };
}

/** The phases after the schema loaded: first report (hooks.first), convert, ship, verify, real runs. */
async function evaluateLoaded(
  table: ValueTable,
  c: FilledCase,
  request: ReturnType<typeof generateRequestOf>,
  answer: ReturnType<typeof answerOf>,
  loaded: LoadedCase,
  report: ReportRows,
  hooks: EvaluateHooks & { selected: ReturnType<typeof selectedOf> },
): Promise<ReportRows> {
  const result = answer.ok ? answer.result : null;
  // At a z.date() (output role), an ISO string stands for the Date a handler returns: zod parses the Date, the JSON
  // ships (lib/dates.ts); any other string there is the answer's own error.
  const dates = answer.ok && !result && loaded.role === 'output' && isZod4(loaded.schema) ? reviveDates(loaded.schema, answer.value, c.answer) : null;
  if (dates && !dates.ok) {
    // A firstOnly realm has loaded only the selected converter's chunks: the listings come with the full run.
    if (hooks.firstOnly) return { ...report, answer: { ok: false, error: dates.error } };
    answer = { ok: false, error: dates.error, result: null };
  }
  if (!answer.ok || request) {
    const listings = await convertAll(loaded);
    if (request) report.generated = await generate(loaded, listings, request, answer.ok ? answer.value : undefined, hooks.verifier).catch((e: unknown) => ({ ...request, tries: 0, ms: 0, found: [], note: `generation failed: ${messageOf(e)}` }));
    if (!answer.ok) {
      const converters = Object.fromEntries(listings.map(([id, l]) => [id, { listed: l.listed, listError: l.listError, ...listErrorAtOf(l), warning: l.warning, policies: {} }]));
      return { ...report, answer: { ok: false, error: answer.error }, converters };
    }
  }

  const returned = dates?.ok && dates.paths.length > 0 ? dates.value : undefined;
  if (dates?.ok && returned !== undefined) report.answerDates = dates.paths;
  const shipped = result?.ok ? result.structuredContent : returned !== undefined ? (toJson(returned) ?? null) : answer.value;
  const facts = result?.ok ? result : undefined;
  const analysed = analyseAnswer(loaded, returned ?? shipped);
  const shipments = result?.ok && result.isError ? unvalidatedShipments(POLICIES, shipped) : shipAll(loaded, shipped, analysed);
  const { selected } = hooks;
  // One memo for the evaluation: the full report reuses the first report's verdicts.
  const memo = verifyMemo(loaded, facts, hooks.verifier);
  if (hooks.first && selected) {
    // A firstOnly run ends with its first report, whose values are then the evaluation's.
    const firstTable = hooks.firstOnly ? table : valueTable();
    const first = await firstReport(firstTable, report, loaded, shipped, shipments, selected, facts, memo);
    hooks.first(withValues(first, firstTable));
    if (hooks.firstOnly) return first;
  }
  const converters = verifyAll(table, loaded, shipped, await convertAll(loaded), shipments, clientsOf(loaded.world, loaded.protocol), facts, memo);
  await memo.settle();
  // The real SDKs run the value the handler returns (its Dates included; the session serializes them as a transport would).
  const out: ReportRows = { ...report, converters, realSdk: await realRuns(table, loaded, (returned ?? answer.value) as Json) };
  if (c.role === 'input') out.input = guard(() => parseInput(answer.value, analysisOf(analysed)), (e) => ({ ok: false, parsed: null, dropped: [], error: messageOf(e) }));
  return out;
}

/** The versions that ran, in the Report's package-keyed record, the answer form when the case picked one, and the era. */
function withVersions(report: ReportRows, world: World, answerForm: Case['answerForm'], protocol: FilledCase['protocol']): ReportRows {
  // The v1 client's own Ajv, named apart when it is not the engine's (`ajv` stays the one the v2 client runs).
  const v1Ajv = world.v1.ajvVersion !== undefined && world.v1.ajvVersion !== VERSIONS.ajv ? { [V1_AJV]: world.v1.ajvVersion } : {};
  const out: ReportRows = world.isDefault ? report : { ...report, versions: { ...report.versions, zod: world.versions.zod, '@modelcontextprotocol/sdk': world.versions.sdk, ...v1Ajv } };
  const era = { ...out, protocol: protocol ?? DEFAULT_PROTOCOL };
  return answerForm === undefined ? era : { ...era, answerForm };
}

/**
 * A case whose schema text is an imported listing: the clients' verdicts against it as given (import/imported.ts),
 * reached through the verifier when there is one (the sandbox's client realm), like a loaded schema's.
 */
async function importedReport(table: ValueTable, c: FilledCase, request: ReturnType<typeof generateRequestOf>, listed: NonNullable<ReturnType<typeof importedListing>>, report: ReportRows, verifier?: Verifier): Promise<ReportRows> {
  const answer = answerOf(c);
  // A whole result: the clients judge its structuredContent, and the v2 clients skip an isError one.
  const shipped = answer.ok ? (answer.result?.ok ? { value: answer.result.structuredContent, isError: answer.result.isError } : { value: answer.value, isError: false }) : undefined;
  const era = eraOf(c.protocol);
  const memo = verifyMemo({ tool: c.tool, role: c.role, ...era }, { isError: shipped?.isError === true, absent: false }, verifier);
  const converters = importedConverters(table, c.role, c.tool, listed, shipped?.value, shipped?.isError, clientsOf(undefined, era.protocol), memo.verify);
  await memo.settle();
  if (request) report.generated = { ...request, tries: 0, ms: 0, found: [], note: NEEDS_ZOD };
  return answer.ok ? { ...report, converters } : { ...report, answer: { ok: false, error: answer.error }, converters };
}

/** The Report's `versions` key for the Ajv the v1 client runs when it differs from `ajv` (npm's `parent > child`). */
export const V1_AJV = '@modelcontextprotocol/sdk > ajv';

function emptyReport(role: Report['role'], tool: string, load: Report['load']): ReportRows {
  return { v: 2, role, tool, load, answer: { ok: true }, converters: {}, realSdk: { v1: null, v2: null }, versions: { ...VERSIONS } };
}
