/**
 * The engine's one entry point: `evaluate(case) → Report`.
 * Named phases over one case: load → answer → convert → ship (per policy) → verify (per client) → real SDK run.
 * Each phase takes plain data and returns plain data; every failure is a value in the Report, never a throw.
 */
import { CaseSchema, DEFAULT_TOOL, ROLES, type Case } from './case.ts';
import { parseAnswer } from './answer.ts';
import { loadSchema } from './load.ts';
import { CONVERTERS } from './converters/index.ts';
import { CLIENTS } from './clients/index.ts';
import { POLICIES, parseInput } from './policies.ts';
import { openListing } from './schema-walk.ts';
import { runRealSdk } from './real-sdk.ts';
import { refusal as v2Refusal } from './converters/mcp-sdk-v2.ts';
import { VERSIONS } from './versions.ts';
import type { ClientId, ConverterId, ConverterRow, Json, PolicyRow, Report, RealSdkRow, Verdict } from './report.ts';
import type { Listing, LoadedCase, Policy, Shipment } from './types.ts';

/** Evaluates one case. Accepts anything: an invalid case is reported in `load`. Never throws. */
export async function evaluate(input: unknown): Promise<Report> {
  const parsed = CaseSchema.safeParse(input);
  if (!parsed.success) {
    const role = ROLES.find((r) => r === (input as { role?: unknown } | null)?.role) ?? 'output';
    return emptyReport(role, DEFAULT_TOOL, { ok: false, error: { message: `Not a valid case: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` } });
  }
  const c: Case = parsed.data;
  const report = emptyReport(c.role, c.tool, { ok: true });

  const loadResult = guard(() => loadSchema(c.schema, c.role), (e) => ({ ok: false as const, error: { message: messageOf(e) } }));
  if (!loadResult.ok) return { ...report, load: { ok: false, error: loadResult.error } };
  const loaded: LoadedCase = { role: c.role, tool: c.tool, schema: loadResult.schema };

  const answer = parseAnswer(c.answer);
  const listings = await convertAll(loaded);
  if (!answer.ok) {
    const converters = Object.fromEntries(listings.map(([id, l]) => [id, { listed: l.listed, listError: l.listError, warning: l.warning, policies: {} }]));
    return { ...report, answer: { ok: false, error: answer.error }, converters };
  }

  const shipments = shipAll(loaded, answer.value);
  const converters: Report['converters'] = {};
  for (const [id, listing] of listings) converters[id] = verifyAll(loaded, answer.value, listing, shipments);

  const [v1, v2] = await Promise.all([realRun('v1', loaded, answer.value), realRun('v2', loaded, answer.value)]);
  const out: Report = { ...report, converters, realSdk: { v1, v2 } };
  if (c.role === 'input') out.input = guard(() => parseInput(loaded, answer.value), (e) => ({ ok: false, parsed: null, dropped: [], error: messageOf(e) }));
  return out;
}

function emptyReport(role: Report['role'], tool: string, load: Report['load']): Report {
  return { v: 1, role, tool, load, answer: { ok: true }, converters: {}, realSdk: { v1: null, v2: null }, versions: { ...VERSIONS } };
}

/** convert: every converter lists the schema; a converter that throws reports it as its listError. */
async function convertAll(loaded: LoadedCase): Promise<Array<[ConverterId, Listing]>> {
  return Promise.all(
    CONVERTERS.map(async (conv): Promise<[ConverterId, Listing]> => {
      try {
        return [conv.id, await conv.list(loaded)];
      } catch (e) {
        return [conv.id, { listed: null, listError: messageOf(e), warning: null }];
      }
    }),
  );
}

/** ship: each policy once (the input role has only `raw`: the arguments as the client sends them). */
function shipAll(loaded: LoadedCase, answer: Json): Array<[Policy, Shipment]> {
  const policies = loaded.role === 'input' ? POLICIES.filter((p) => p.id === 'raw') : POLICIES;
  return policies.map((p) => [p, guard(() => p.ship(loaded, answer), (e) => ({ ships: null, undeclared: [], refused: `Internal error in policy ${p.id}: ${messageOf(e)}`, log: null }))]);
}

/** verify: put each shipment through the converter's wire rules, then through every client. */
function verifyAll(loaded: LoadedCase, answer: Json, listing: Listing, shipments: Array<[Policy, Shipment]>): ConverterRow {
  const policies: ConverterRow['policies'] = {};
  for (const [policy, shipment] of shipments) {
    const row: PolicyRow = { ...shipment, verdicts: {} as Record<ClientId, Verdict> };
    // The SDK servers ship the raw answer and check it before parsing; the other policies check what they would ship.
    const checked = policy.id === 'raw' ? answer : row.refused === null ? row.ships : undefined;
    const early = checked !== undefined && listing.refusesAnswer ? listing.refusesAnswer(checked) : null;
    if (early !== null) {
      row.ships = null;
      row.refused = early;
    } else if (listing.callError && loaded.role === 'output') {
      row.ships = null;
      row.refused = listing.callError;
    } else if (row.refused !== null && policy.id === 'raw') {
      row.refused = (listing.refusal ?? v2Refusal(loaded))(row.refused);
    } else if (row.refused === null && listing.wrapsResult) {
      row.ships = { result: row.ships };
    }
    const listed = policy.opensListing && listing.listed !== null ? openListing(listing.listed) : listing.listed;
    if (policy.opensListing) row.listed = listed;
    for (const client of CLIENTS) {
      row.verdicts[client.id] =
        // A refused answer is an isError result without structuredContent: no client validates it.
        row.refused !== null
          ? { valid: null, message: null }
          : guard(() => client.verify(listed, { structuredContent: row.ships, isError: false }, loaded.tool), (e) => ({ valid: false, message: messageOf(e) }));
    }
    policies[policy.id] = row;
  }
  return { listed: listing.listed, listError: listing.listError, warning: listing.warning, policies };
}

async function realRun(version: 'v1' | 'v2', loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  try {
    return await runRealSdk(version, loaded, answer);
  } catch (e) {
    return { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: `Internal error running the SDK: ${messageOf(e)}` };
  }
}

/** The message of anything thrown. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return 'Unknown error';
  }
}

function guard<T>(run: () => T, onError: (e: unknown) => T): T {
  try {
    return run();
  } catch (e) {
    return onError(e);
  }
}
