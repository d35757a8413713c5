/**
 * The verify phase: each shipment through each converter's server wire (converters/wire.ts), then through every
 * client. Verdicts are shared within one evaluation (verdict-memo.ts).
 */
import { remember } from '../lib/lru.ts';
import { CLIENTS } from '../clients/index.ts';
import { serverWire, type ServerWire } from '../converters/wire.ts';
import type { ConverterRow, Json, JsonSchema, Verdict } from '../report.ts';
import { policyRow, type ExpandedPolicyRow as PolicyRow, type ReportRows, type ValueTable } from '../values.ts';
import { openListing } from '../lib/schema-walk.ts';
import type { Client, Listing, LoadedCase, Policy, SessionMemos, Shipment } from '../types.ts';
import { settleMisses, verdictMemo, type Miss, type Verify } from './verdict-memo.ts';
import type { Verifier, WorldPick } from './verifier.ts';
import { DEFAULT_V1 } from '../worlds/world.ts';
import { messageOf } from '../lib/message.ts';
import type { ClientId, ConverterId } from '../contract/catalog.ts';

/** What the verify phase needs of a whole result (answerForm 'result'): servers skip an isError result; a missing structuredContent is its own refusal. */
export interface WholeFacts {
  isError: boolean;
  absent: boolean;
}
const NOT_WHOLE: WholeFacts = { isError: false, absent: false };

/**
 * What verifyAll calls of one evaluation share: the verdict memo, and one `{ result }` envelope per shipped value (the
 * memo's key). `settle` reaches the verdicts verifyAll left to a Verifier (their rows hold placeholders until then).
 */
export interface VerifyMemo {
  verify: Verify;
  wrap: (value: Json) => Json;
  settle(): Promise<void>;
}

/**
 * A fresh memo for one evaluation (the first report's verifyAll and the full report's share it: each verdict runs once).
 * With a verifier, the verdicts are reached there (the sandbox's client realms), each after verifyAll by `settle`: a
 * version world's own SDK 1.x client is named by the request's `world`, and answered by the worlds' client realm.
 */
export function verifyMemo(loaded: Pick<LoadedCase, 'tool' | 'protocol' | 'world' | 'memos'> & Partial<Pick<LoadedCase, 'role'>>, whole: WholeFacts = NOT_WHOLE, verifier?: Verifier): VerifyMemo {
  const misses: Miss[] | undefined = verifier ? [] : undefined;
  // The world's v1 client when it is not the default one (a world whose zod is the default runs the default SDK 1.32.2).
  const world: WorldPick | undefined = loaded.world && loaded.world.v1 !== DEFAULT_V1 ? { zod: loaded.world.versions.zod, sdk: loaded.world.versions.sdk } : undefined;
  const settle = async () => {
    if (!verifier || !misses || misses.length === 0) return;
    const asked = misses.splice(0);
    const era = loaded.protocol ? { protocol: loaded.protocol } : {};
    const requests = asked.map((m) => ({ client: m.client.id, listed: m.listed, structuredContent: m.ships, isError: whole.isError, tool: loaded.tool, ...era, ...(world && m.client.id === 'sdk-v1' ? { world } : {}) }));
    // A batch that cannot be asked (not cloneable, say) gets no verdict, and says why: never one this realm made up.
    const unasked = (e: unknown) => requests.map(() => ({ valid: null, message: `The client realm could not be asked: ${messageOf(e)}` }));
    settleMisses(asked, await verifier.verify(requests).catch(unasked));
  };
  return { verify: verdictMemo(loaded.tool, whole.isError, misses, loaded.role, loaded.memos), wrap: envelopes(), settle };
}

/**
 * Every converter's row: its listing, and per policy what ships on its wire (in `table`, the Report's values) and each
 * client's verdict on that.
 */
export function verifyAll(
  table: ValueTable,
  loaded: LoadedCase,
  answer: Json,
  listings: ReadonlyArray<readonly [ConverterId, Listing]>,
  shipments: ReadonlyArray<readonly [Policy, Shipment]>,
  clients: readonly Client[] = CLIENTS,
  whole: WholeFacts = NOT_WHOLE,
  { verify, wrap }: VerifyMemo = verifyMemo(loaded, whole),
): ReportRows['converters'] {
  const converters: ReportRows['converters'] = {};
  for (const [id, listing] of listings) {
    const wire = serverWire(listing, loaded);
    const policies: ConverterRow['policies'] = {};
    for (const [policy, shipment] of shipments) {
      const row = whole.isError ? unvalidatedOn(wire, shipment, wrap, whole.absent) : shipOn(loaded, answer, wire, policy, shipment, wrap, whole.absent ? listing : null);
      const listed = policy.opensListing ? opened(listing.listed, loaded.memos) : listing.listed;
      if (policy.opensListing) row.listed = listed;
      row.verdicts = verdicts(loaded, row, listed, clients, verify, whole.isError);
      policies[policy.id] = policyRow(row, table);
    }
    converters[id] = { listed: listing.listed, listError: listing.listError, ...listErrorAtOf(listing), warning: listing.warning, policies };
  }
  return converters;
}

function verdicts(loaded: LoadedCase, row: PolicyRow, listed: JsonSchema | null, clients: readonly Client[], verify: Verify, isError: boolean): PolicyRow['verdicts'] {
  const out = {} as Record<ClientId, Verdict>;
  // A refused answer is an isError result without structuredContent: no client validates it. Arguments are validated
  // as sent, before the server refuses them.
  const validates = loaded.role === 'input' ? row.ships !== null : row.refused === null && !(isError && row.ships === null);
  for (const client of clients) out[client.id] = validates ? verify(client, listed, row.ships as Json) : { valid: null, message: null };
  return out;
}

/** `{ result: value }`, one envelope per shipped object, so equal shipments stay one object for the verdict memo. */
function envelopes(): (value: Json) => Json {
  const wrapped = new Map<Json, Json>();
  return (value) => {
    let envelope = wrapped.get(value);
    if (envelope === undefined) wrapped.set(value, (envelope = { result: value }));
    return envelope;
  };
}

/** One policy's shipment as this converter's server puts it on the wire: refused early, failed, or (wrapped and) shipped. */
function shipOn(loaded: LoadedCase, answer: Json, wire: ServerWire, policy: Policy, shipment: Shipment, wrap: (value: Json) => Json, absent: Listing | null): PolicyRow {
  const row: PolicyRow = { ...shipment, verdicts: {} as Record<ClientId, Verdict> };
  // The SDK servers ship the raw answer and check it before parsing; the other policies check what they would ship.
  const checked = policy.shipsRaw ? answer : row.refused === null ? row.ships : undefined;
  // A whole result without structuredContent: a server that says so refuses it before anything else.
  const early = absent?.refusesAbsent ?? (checked !== undefined && wire.refusesAnswer ? wire.refusesAnswer(checked) : null);
  if (early !== null) {
    row.ships = null;
    row.refused = early;
  } else if (wire.callError && loaded.role === 'output') {
    row.ships = null;
    row.refused = wire.callError;
  } else if (row.refused !== null && policy.shipsRaw) {
    row.refused = wire.refusal(row.refused);
  } else if (row.refused === null && wrapsOnWire(wire, row.ships)) {
    row.ships = wrap(row.ships as Json);
  }
  if (row.refused === null && loaded.role === 'output' && policy.onWire) row.ships = policy.onWire(row.ships as Json);
  return row;
}

/**
 * An isError whole result is not validated by the server, but its wire codec still puts its structuredContent in the
 * `{ result }` envelope (the real 2025 run ships `{"result":[1,2]}`), so the clients see what the real one sees.
 */
function unvalidatedOn(wire: ServerWire, shipment: Shipment, wrap: (value: Json) => Json, absent: boolean): PolicyRow {
  const row: PolicyRow = { ...shipment, verdicts: {} as Record<ClientId, Verdict> };
  if (!absent && row.refused === null && wrapsOnWire(wire, row.ships)) row.ships = wrap(row.ships as Json);
  return row;
}

function wrapsOnWire(wire: ServerWire, ships: Json | null): boolean {
  return wire.wrapsResult || (wire.wrapsNonObject && !isJsonObject(ships));
}

function isJsonObject(value: Json | null): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `keep`'s listing, opened once per listing object in the session's memo (listings are cached per schema, so the same object comes back). */
function opened(listed: JsonSchema | null, memos: SessionMemos | undefined): JsonSchema | null {
  if (typeof listed !== 'object' || listed === null) return listed;
  return remember(memos?.opened, listed, () => openListing(listed));
}

/** A listing's `listErrorAt`, as a row carries it (absent when it has none). */
export function listErrorAtOf(listing: Listing): { listErrorAt?: string } {
  return listing.listErrorAt === undefined ? {} : { listErrorAt: listing.listErrorAt };
}
