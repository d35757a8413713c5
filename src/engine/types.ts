/** The small typed objects the registries hold: converters, policies and clients. */
import type { z } from 'zod';
import type { ClientId, ConverterId, PolicyId, Role } from './contract/catalog.ts';
import type { Analysis } from './policies/analysis.ts';
import type { World } from './worlds/world.ts';
import type { Json, JsonSchema, Verdict } from './report.ts';
import type { Chunk } from './chunk.ts';
import type { ObjectMemo } from './lib/lru.ts';
import type { ClientHost } from './real-sdk/client-side.ts';
import type { SessionPool } from './real-sdk/pool.ts';

/** What every phase after `load` sees. Never mutated. */
export interface LoadedCase {
  role: Role;
  tool: string;
  /** The user's schema (a raw shape already wrapped in `z.object`). */
  schema: z.ZodType;
  /** The packages the case runs (worlds/world.ts); absent: the default world. */
  world?: World;
  /** What the answer text is (output role): absent, the structuredContent; 'result', the whole CallToolResult. */
  answerForm?: 'result';
  /** The protocol era the v2 SDK negotiates (era.ts): absent, 2025-11-25; '2026-07-28', the modern era (SEP-2106). */
  protocol?: '2026-07-28';
  /**
   * The engine session's SDK sessions (session.ts), where the real runs keep a connected pair for the next run;
   * absent, each run opens its own and closes it after.
   */
  sdkSessions?: SessionPool;
  /** The engine session's host of the real runs' clients (session.ts); absent, they run beside their servers here. */
  sdkClients?: ClientHost;
  /** The engine session's per-object memos (session.ts); absent, the phases keep nothing beyond one evaluation's verdicts. */
  memos?: SessionMemos;
}

/** The memos the phases keep per object, an engine session's (session.ts), handed to them on the loaded case. */
export interface SessionMemos {
  /** False: nothing is kept, not even within one evaluation (each verdict is validated where it is asked for). */
  readonly keep: boolean;
  /**
   * The SDK converters' listings (converters/support/sdk-listing.ts): per schema object, then by
   * `version␀world sdk␀role␀tool␀era`. A real listing costs a server/client session; the listing is cached here only
   * (the real run's own tools/list on its connected pair is the SDK client's state, not a memo: real-sdk.ts listOnce).
   */
  readonly listings: ObjectMemo<Map<string, Promise<Listing>>>;
  /**
   * The zod-based converters' listings and what they derive from a schema (converters/support/listing.ts perSchema):
   * per schema object, then per converter's compute function, then by `role era`.
   */
  readonly converted: ObjectMemo<Map<unknown, Partial<Record<string, unknown>>>>;
  /** `keep`'s opened listing, per listing object (phases/verify.ts). */
  readonly opened: ObjectMemo<JsonSchema>;
  /** Whether a listing is a core listing (clients/dialect.ts), per listing object (phases/verdict-memo.ts). */
  readonly coreListings: ObjectMemo<boolean>;
  /** A listing's content key, per listing object and then by `core␀drops dialect` variant (phases/verdict-memo.ts). */
  readonly contentKeys: ObjectMemo<Map<string, string | object>>;
}

/**
 * How a server lists the schema in tools/list, and how it puts answers on the wire: each optional field overrides the
 * one default in converters/wire.ts (DEFAULT_WIRE).
 */
export interface Listing {
  listed: JsonSchema | null;
  /** The error that takes tools/list down or rejects the tool, verbatim. */
  listError: string | null;
  /** The key path in the schema the listError comes from (ConverterRow.listErrorAt), when zod names one. */
  listErrorAt?: string;
  /** A startup warning, verbatim. */
  warning: string | null;
  /** The server ships a non-object answer as `{ result: answer }` (and lists that envelope). */
  wrapsResult?: boolean;
  /**
   * The server's wire codec ships any non-object structuredContent (array, primitive, null) as `{ result: value }`,
   * even under an object listing (v2's 2025-11-25 codec, `projectCallToolResult`).
   */
  wrapsNonObject?: boolean;
  /** Every call of the tool fails with this error, whatever the answer. */
  callError?: string;
  /** The text the server's isError result carries when its zod parse rejects the answer. */
  refusal?: (zodMessage: string) => string;
  /** What the server says of a whole result with no structuredContent at all (v2: `structuredContent === undefined`). */
  refusesAbsent?: string;
  /** The server refuses this value before it parses it (v1: a falsy structuredContent), or null. */
  refusesAnswer?: (ships: Json) => string | null;
}

/** A converter: one way a server turns the zod schema into the listed JSON Schema (its title and summary: contract/catalog.ts). */
export interface Converter<Id extends ConverterId = ConverterId> {
  id: Id;
  /** It converts with zod 4's `z.toJSONSchema` or walks zod 4's internals: a zod 3 schema gets a listError saying so. */
  needsZod4?: true;
  /** The lazily loaded engine parts it runs (chunks.ts), loaded before a case's schema code when it is selected. */
  chunks?: ReadonlyArray<Chunk<unknown>>;
  list(loaded: LoadedCase): Promise<Listing> | Listing;
}

/** What a shipping policy does with one answer. */
export interface Shipment {
  ships: Json | null;
  undeclared: string[];
  /** Why some keys could not be judged declared or not (PolicyRow.unjudged); absent when all were. */
  unjudged?: string;
  refused: string | null;
  log: string | null;
}

/** A shipping policy: what a server sends as structuredContent given the schema and the answer (names: contract/catalog.ts). */
export interface Policy<Id extends PolicyId = PolicyId> {
  id: Id;
  /** `keep` opens the listed schema at every level. */
  opensListing: boolean;
  /**
   * Ships the answer as the published SDK servers do (`raw`): the server's checks before its parse see the raw answer,
   * its own wire refusal words a zod rejection, and it is the one policy of the input role (arguments ship as sent).
   */
  shipsRaw: boolean;
  /** What ships, given the case's one parse analysis of this answer (policies/analysis.ts). */
  ship(loaded: LoadedCase, answer: Json, analysis: Analysis): Shipment;
  /** What the server's own result handling does to structuredContent after any `{ result }` wrap (output role), if anything. */
  onWire?(ships: Json): Json;
}

/** The result a client receives from tools/call. */
export interface CallResult {
  structuredContent: Json | null;
  isError: boolean;
}

/** A validating client: the validator class a published SDK uses, with its exact messages (names: contract/catalog.ts). */
export interface Client<Id extends ClientId = ClientId> {
  id: Id;
  /** The lazily loaded engine parts it runs (chunks.ts), loaded before a case's schema code when it is selected. */
  chunks?: ReadonlyArray<Chunk<unknown>>;
  verify(listed: JsonSchema | null, result: CallResult, tool: string): Verdict;
  /**
   * How far the root `$schema` can change this client's verdict: `ignored` (one dialect for every listing), `core` (not
   * for a listing of core keywords in a core dialect, clients/dialect.ts), or absent (always). evaluate() shares
   * verdicts between listings that differ only where the verdict cannot.
   */
  dialect?: 'ignored' | 'core';
}

/** Each catalog id's converter: a missing, extra or mismatched entry fails the compiler. */
export type ConverterRegistry = { readonly [K in ConverterId]: Converter<K> };
/** Each catalog id's policy. */
export type PolicyRegistry = { readonly [K in PolicyId]: Policy<K> };
/** Each catalog id's client. */
export type ClientRegistry = { readonly [K in ClientId]: Client<K> };
