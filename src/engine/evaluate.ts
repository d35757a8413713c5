/**
 * The engine's one entry point: `evaluate(case) → Report`.
 * Named phases over one case: load → answer → convert → ship (per policy) → verify (per client) → real SDK run.
 * Each phase takes plain data and returns plain data; every failure is a value in the Report, never a throw.
 */
import { CaseSchema, DEFAULT_TOOL, ROLES, type Case } from './case.ts';
import { parseAnswer } from './answer.ts';
import { messageOf } from './lib/message.ts';
import { loadSchema } from './load.ts';
import { CONVERTERS } from './converters/index.ts';
import { CLIENTS } from './clients/index.ts';
import { coreKey, isCoreListing } from './clients/dialect.ts';
import { POLICIES, parseInput, sameJson, sameJsonUnordered } from './policies.ts';
import { openListing } from './schema-walk.ts';
import { runRealSdk } from './real-sdk.ts';
import { refusal as v2Refusal } from './converters/mcp-sdk-v2.ts';
import { VERSIONS } from './versions.ts';
import { capReport } from './caps.ts';
import type { ClientId, ConverterId, ConverterRow, Json, JsonSchema, PolicyRow, Report, RealSdkRow, Verdict } from './report.ts';
import type { Client, Listing, LoadedCase, Policy, Shipment } from './types.ts';

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
  const converters = verifyAll(loaded, answer.value, listings, shipments);

  const [v1, v2] = await Promise.all([realRun('v1', loaded, answer.value), realRun('v2', loaded, answer.value)]);
  for (const run of [v1, v2]) run.structuredContent = sharedEqual(run.structuredContent, converters);
  const out: Report = { ...report, converters, realSdk: { v1, v2 } };
  if (c.role === 'input') out.input = guard(() => parseInput(loaded, answer.value), (e) => ({ ok: false, parsed: null, dropped: [], error: messageOf(e) }));
  return out;
}

/**
 * What a real SDK run returned, as the same object as an equal value some policy ships (key order included), so a
 * copy of the report (postMessage to the page) carries a large answer once instead of once per SDK.
 */
function sharedEqual(value: Json | null, converters: Report['converters']): Json | null {
  if (typeof value !== 'object' || value === null) return value;
  const seen = new Set<Json>();
  for (const row of Object.values(converters)) {
    for (const policy of Object.values(row.policies)) {
      const ships = policy.ships;
      if (ships === null || seen.has(ships)) continue;
      seen.add(ships);
      if (guard(() => sameJson(value, ships), () => false)) return ships;
    }
  }
  return value;
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
export function shipAll(loaded: LoadedCase, answer: Json): Array<[Policy, Shipment]> {
  const policies = loaded.role === 'input' ? POLICIES.filter((p) => p.id === 'raw') : POLICIES;
  return policies.map((p) => [p, guard(() => p.ship(loaded, answer), (e) => ({ ships: null, undeclared: [], refused: `Internal error in policy ${p.id}: ${messageOf(e)}`, log: null }))]);
}

/**
 * verify: put each shipment through each converter's wire rules, then through every client. A verdict depends only on
 * the client, the listed schema's content and the shipped value, so within one evaluation each (client, listing
 * content, shipped object) is validated once: policies that ship the same JSON ship the same object (policies.ts), and
 * converters whose listings are equal share the verdicts.
 */
export function verifyAll(
  loaded: LoadedCase,
  answer: Json,
  listings: ReadonlyArray<readonly [ConverterId, Listing]>,
  shipments: ReadonlyArray<readonly [Policy, Shipment]>,
  clients: readonly Client[] = CLIENTS,
): Report['converters'] {
  const memo = new Map<string, Map<Json, Verdict>>();
  const wrapped = new Map<Json, Json>();
  const wrap = (value: Json): Json => {
    let envelope = wrapped.get(value);
    if (envelope === undefined) wrapped.set(value, (envelope = { result: value }));
    return envelope;
  };
  const verify = (client: Client, listed: JsonSchema | null, ships: Json): Verdict => {
    const key = `${client.id}\u0000${contentKey(client, listed)}`;
    let byValue = memo.get(key);
    if (!byValue) memo.set(key, (byValue = new Map()));
    let verdict = byValue.get(ships) ?? validTwin(byValue, ships);
    if (!verdict) verdict = guard(() => client.verify(listed, { structuredContent: ships, isError: false }, loaded.tool), (e) => ({ valid: false, message: messageOf(e) }));
    byValue.set(ships, verdict);
    return { ...verdict };
  };
  // Validity does not depend on the order of an object's keys (JSON Schema objects are unordered; Ajv and
  // @cfworker/json-schema look keys up and compare objects without order), and a valid verdict carries no message:
  // a value equal, up to key order, to one found valid under the same listing is valid too (keep's merged answer).
  const equalUnordered = new Map<Json, Map<Json, boolean>>();
  const validTwin = (known: Map<Json, Verdict>, ships: Json): Verdict | undefined => {
    if (typeof ships !== 'object' || ships === null) return undefined;
    for (const [other, verdict] of known) {
      if (verdict.valid !== true || typeof other !== 'object' || other === null) continue;
      let pairs = equalUnordered.get(ships);
      if (!pairs) equalUnordered.set(ships, (pairs = new Map()));
      let same = pairs.get(other);
      if (same === undefined) pairs.set(other, (same = sameJsonUnordered(ships, other)));
      if (same) return verdict;
    }
    return undefined;
  };
  const converters: Report['converters'] = {};
  for (const [id, listing] of listings) {
    const policies: ConverterRow['policies'] = {};
    for (const [policy, shipment] of shipments) {
      const row = shipOn(loaded, answer, listing, policy, shipment, wrap);
      const listed = policy.opensListing ? opened(listing.listed) : listing.listed;
      if (policy.opensListing) row.listed = listed;
      for (const client of clients) {
        // A refused answer is an isError result without structuredContent: no client validates it. Arguments are
        // validated as sent, before the server refuses them.
        const validates = loaded.role === 'input' ? row.ships !== null : row.refused === null;
        row.verdicts[client.id] = validates ? verify(client, listed, row.ships as Json) : { valid: null, message: null };
      }
      policies[policy.id] = row;
    }
    converters[id] = { listed: listing.listed, listError: listing.listError, warning: listing.warning, policies };
  }
  return converters;
}

/** One policy's shipment as this converter's server puts it on the wire: refused early, failed, or (wrapped and) shipped. */
function shipOn(loaded: LoadedCase, answer: Json, listing: Listing, policy: Policy, shipment: Shipment, wrap: (value: Json) => Json): PolicyRow {
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
  } else if (row.refused === null && (listing.wrapsResult || (listing.wrapsNonObject && !isJsonObject(row.ships)))) {
    row.ships = wrap(row.ships as Json);
  }
  if (row.refused === null && loaded.role === 'output' && policy.onWire) row.ships = policy.onWire(row.ships as Json);
  return row;
}

function isJsonObject(value: Json | null): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const coreListings = new WeakMap<object, boolean>();
const contentKeys = new WeakMap<object, Map<string, string>>();
let unshared = 0;

/**
 * A listed schema's content, as the key this client's verdicts are shared under: its JSON text with the root's
 * keywords sorted (converters differ in where they put `$schema`; neither Ajv nor @cfworker/json-schema reads
 * keywords in document order). For a core listing (clients/dialect.ts) also without what cannot change a verdict: an
 * `additionalProperties` that allows everything, and the root `$schema` for a client whose dialect does not matter
 * there. Nested keys keep their order: `properties` order decides the order of errors. Cached per listing object.
 */
function contentKey(client: Client, listed: JsonSchema | null): string {
  if (typeof listed !== 'object' || listed === null) return String(listed);
  let core = coreListings.get(listed);
  if (core === undefined) coreListings.set(listed, (core = guard(() => isCoreListing(listed), () => false)));
  const dropDialect = client.dialect === 'ignored' || (client.dialect === 'core' && core);
  const variant = `${core}${dropDialect}`;
  let byVariant = contentKeys.get(listed);
  if (!byVariant) contentKeys.set(listed, (byVariant = new Map()));
  let key = byVariant.get(variant);
  if (key === undefined) {
    try {
      key = core ? coreKey(listed, dropDialect) : sortedRootText(listed, dropDialect);
    } catch {
      // Too deep to write out: this listing shares its verdicts with nothing.
      key = `unshared ${unshared++}`;
    }
    byVariant.set(variant, key);
  }
  return key;
}

function sortedRootText(listed: { [key: string]: Json }, dropDialect: boolean): string {
  const keys = Object.keys(listed).filter((k) => !(dropDialect && k === '$schema'));
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, listed[k] as Json])));
}

const openedListings = new WeakMap<object, JsonSchema>();

/** `keep`'s listing, opened once per listing object (listings are cached per schema, so the same object comes back). */
function opened(listed: JsonSchema | null): JsonSchema | null {
  if (typeof listed !== 'object' || listed === null) return listed;
  let open = openedListings.get(listed);
  if (open === undefined) openedListings.set(listed, (open = openListing(listed)));
  return open;
}

async function realRun(version: 'v1' | 'v2', loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  try {
    return await runRealSdk(version, loaded, answer);
  } catch (e) {
    return { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: `Internal error running the SDK: ${messageOf(e)}` };
  }
}

export { messageOf };

function guard<T>(run: () => T, onError: (e: unknown) => T): T {
  try {
    return run();
  } catch (e) {
    return onError(e);
  }
}
