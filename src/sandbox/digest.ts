/**
 * The case digest: the worker echoes it with every reply, and the page accepts a reply only for the id it sent and
 * the digest of the case it sent under that id, so a report for any other case (forged or crossed) is dropped.
 */
import { digestParts } from '../engine/case/wire.ts';

/** What the page remembers of a request it sent. */
export interface SentRequest {
  id: number;
  digest: string;
}

/** A short digest of what the engine reads from a case (the case module's `digestParts`); the same in every realm. */
export function caseDigest(c: unknown): string {
  return hashStrings(digestParts(c));
}

/** The same digest from parts already read off the case (`digestParts`), so a caller that keeps them reads the case once. */
export function digestOf(parts: readonly string[]): string {
  return hashStrings(parts);
}

/** Whether a reply (`id`, `digest`) answers the request the page sent under that id. */
export function acceptsReply(sent: SentRequest | undefined, reply: { id: unknown; digest?: unknown }): boolean {
  return sent !== undefined && reply.id === sent.id && reply.digest === sent.digest;
}

/**
 * cyrb53 (two 32-bit multiply-xorshift lanes, 53 bits) over each string and its length, without concatenating: a
 * 10 MB answer is hashed in place. Not a MAC: the defence against forgery is the captured port; this catches a
 * report for another case.
 */
function hashStrings(parts: readonly string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const mix = (code: number): void => {
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  };
  for (const part of parts) {
    mix(part.length & 0xffff);
    mix(part.length >>> 16);
    for (let i = 0; i < part.length; i++) mix(part.charCodeAt(i));
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
