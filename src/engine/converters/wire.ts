/**
 * A converter's server on the wire, as data: how it wraps answers, what it refuses before parsing, how it words a zod
 * refusal. A converter's Listing overrides any of these; the defaults live here and nowhere else.
 */
import type { Json } from '../report.ts';
import type { Listing, LoadedCase } from '../types.ts';
import { v2Refusal } from './support/sdk-listing.ts';

/** One server's wire behaviour, every field decided. */
export interface ServerWire {
  /** Ships a non-object answer as `{ result: answer }` (and lists that envelope). */
  wrapsResult: boolean;
  /** Ships any non-object structuredContent as `{ result: value }`, even under an object listing. */
  wrapsNonObject: boolean;
  /** Every call of the tool fails with this error (output role), whatever the answer. */
  callError: string | null;
  /** The isError text when the server's zod parse rejects the answer. */
  refusal: (zodMessage: string) => string;
  /** What the server refuses before it parses (null: nothing). */
  refusesAnswer: ((ships: Json) => string | null) | null;
}

/** A server that says nothing else behaves like the v2 SDK's McpServer: no wrapping, no early refusal, v2's wording. */
export const DEFAULT_WIRE = {
  wrapsResult: false,
  wrapsNonObject: false,
  callError: null,
  refusesAnswer: null,
  refusal: v2Refusal,
} as const satisfies Omit<ServerWire, 'refusal'> & { refusal: (loaded: LoadedCase) => ServerWire['refusal'] };

/** The wire behaviour of the server behind this listing: the listing's own fields over DEFAULT_WIRE. */
export function serverWire(listing: Listing, loaded: LoadedCase): ServerWire {
  return {
    wrapsResult: listing.wrapsResult ?? DEFAULT_WIRE.wrapsResult,
    wrapsNonObject: listing.wrapsNonObject ?? DEFAULT_WIRE.wrapsNonObject,
    callError: listing.callError ?? DEFAULT_WIRE.callError,
    refusesAnswer: listing.refusesAnswer ?? DEFAULT_WIRE.refusesAnswer,
    refusal: listing.refusal ?? DEFAULT_WIRE.refusal(loaded),
  };
}
