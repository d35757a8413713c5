/**
 * The verdict memo of one evaluation. A verdict depends only on the client, the listed schema's content and the
 * shipped value, so each (client, listing content, shipped object) is validated once: policies that ship the same JSON
 * ship the same object (policies/analysis.ts), and converters whose listings are equal share the verdicts.
 */
import { coreKey, isCoreListing } from '../clients/dialect.ts';
import { guard } from '../lib/guard.ts';
import { sameJsonUnordered } from '../lib/json.ts';
import { messageOf } from '../lib/message.ts';
import type { Json, JsonSchema, Verdict } from '../report.ts';
import { verdictInRole } from '../clients/argument-words.ts';
import type { Client, SessionMemos } from '../types.ts';
import { remember } from '../lib/lru.ts';
import type { Role } from '../contract/catalog.ts';

/** Validates a shipped value under a listing with a client, or returns the verdict it already has. */
export type Verify = (client: Client, listed: JsonSchema | null, ships: Json) => Verdict;

/**
 * A verdict the memo lacks, left for another realm to reach (src/sandbox/clientRealm.ts): `placeholders` are the
 * verdict objects already handed out for it, filled in by `settle`.
 */
export interface Miss {
  client: Client;
  listed: JsonSchema | null;
  ships: Json;
  byValue: Map<Json, Verdict>;
  placeholders: Verdict[];
  /** The case's role: the verdict is stored in its words (clients/argument-words.ts). */
  role: Role;
}

/**
 * A fresh memo for one evaluation of a tool (whose result carries `isError`, the whole-result form). Each verdict
 * returned is a copy. With `deferred`, a verdict the memo lacks is not computed here: it is queued there once (per
 * listing content and shipped value) and a placeholder returned, which `settleMisses` fills in.
 */
export function verdictMemo(tool: string, isError = false, deferred?: Miss[], role: Role = 'output', memos?: SessionMemos): Verify {
  const validate = (client: Client, listed: JsonSchema | null, ships: Json): Verdict =>
    verdictInRole(guard(() => client.verify(listed, { structuredContent: ships, isError }, tool), (e) => ({ valid: false, message: messageOf(e) })), role);
  // A session that keeps nothing: each verdict is validated where it is asked for (the client realm's deferral is a memo too).
  if (memos && !memos.keep) return validate;
  const memo = new Map<string, Map<ContentKey, Map<Json, Verdict>>>();
  const pending = new WeakMap<Map<Json, Verdict>, Map<Json, Miss>>();
  const validTwin = twinFinder();
  return (client, listed, ships) => {
    let byContent = memo.get(client.id);
    if (!byContent) memo.set(client.id, (byContent = new Map()));
    const key = contentKey(client, listed, memos);
    let byValue = byContent.get(key);
    if (!byValue) byContent.set(key, (byValue = new Map()));
    let verdict = byValue.get(ships) ?? validTwin(byValue, ships);
    if (!verdict && deferred) {
      let misses = pending.get(byValue);
      if (!misses) pending.set(byValue, (misses = new Map()));
      let miss = misses.get(ships);
      if (!miss) deferred.push((miss = { client, listed, ships, byValue, placeholders: [], role }));
      misses.set(ships, miss);
      const placeholder: Verdict = { valid: null, message: null };
      miss.placeholders.push(placeholder);
      return placeholder;
    }
    if (!verdict) verdict = validate(client, listed, ships);
    byValue.set(ships, verdict);
    return { ...verdict };
  };
}

/** Stores the verdicts reached elsewhere for `misses` (in order) in their memo and fills in every placeholder handed out. */
export function settleMisses(misses: readonly Miss[], verdicts: readonly Verdict[]): void {
  misses.forEach((miss, i) => {
    const verdict = verdictInRole(verdicts[i] ?? { valid: null, message: 'The client realm gave no verdict' }, miss.role);
    miss.byValue.set(miss.ships, verdict);
    for (const placeholder of miss.placeholders) Object.assign(placeholder, verdict);
  });
}

/**
 * Validity does not depend on the order of an object's keys (JSON Schema objects are unordered; Ajv and
 * @cfworker/json-schema look keys up and compare objects without order), and a valid verdict carries no message:
 * a value equal, up to key order, to one found valid under the same listing is valid too (keep's merged answer).
 */
function twinFinder(): (known: Map<Json, Verdict>, ships: Json) => Verdict | undefined {
  const equalUnordered = new Map<Json, Map<Json, boolean>>();
  return (known, ships) => {
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
}

/** A listing's content as a key: its text, or the listing object itself when it is too deep to write out. */
type ContentKey = string | object;

/**
 * A listed schema's content, as the key this client's verdicts are shared under: its JSON text with the root's
 * keywords sorted (converters differ in where they put `$schema`; neither Ajv nor @cfworker/json-schema reads
 * keywords in document order). For a core listing (clients/dialect.ts) also without what cannot change a verdict: an
 * `additionalProperties` that allows everything, and the root `$schema` for a client whose dialect does not matter
 * there. Nested keys keep their order: `properties` order decides the order of errors. Cached per listing object in
 * the session's memos (session.ts).
 */
function contentKey(client: Client, listed: JsonSchema | null, memos: SessionMemos | undefined): ContentKey {
  if (typeof listed !== 'object' || listed === null) return String(listed);
  const core = remember(memos?.coreListings, listed, () => guard(() => isCoreListing(listed), () => false));
  const dropDialect = client.dialect === 'ignored' || (client.dialect === 'core' && core);
  const variant = `${core}${dropDialect}`;
  const byVariant = remember(memos?.contentKeys, listed, () => new Map<string, ContentKey>());
  let key = byVariant.get(variant);
  if (key === undefined) {
    try {
      key = core ? coreKey(listed, dropDialect) : sortedRootText(listed, dropDialect);
    } catch {
      // Too deep to write out: this listing shares its verdicts with nothing.
      key = listed;
    }
    byVariant.set(variant, key);
  }
  return key;
}

function sortedRootText(listed: { [key: string]: Json }, dropDialect: boolean): string {
  const keys = Object.keys(listed).filter((k) => !(dropDialect && k === '$schema'));
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, listed[k] as Json])));
}
