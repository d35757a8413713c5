/**
 * The link encoder: a case as `#v1.<base64url(deflate-raw(JSON))>`, no padding (state/permalink.ts reads it back),
 * behind the one size gate (`linkOf`), deflated at once or, for a giant case, one slice per task so the page stays
 * responsive. The functions here are pure; `createLinkEncoder()` (made once by main.tsx) is the app's encoder,
 * which remembers the last case's payload and link (URL sync, autosave and its hold ask in turn) and its slicing jobs.
 */
import { deflateSync } from 'fflate';
import { normalizeCase, sameCase, type Case } from '../engine/case.ts';
import { LEVEL, LINK_SLICE_BYTES, sliceDeflate, type SliceJob } from './linkSlices.ts';

export { LINK_SLICE_BYTES };
import { linkObject } from './linkShape.ts';

/** The most a link may inflate to; a larger payload is refused before it is fully inflated (no deflate bombs). */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/** The version this build writes. */
export const CURRENT_VERSION = 1;

/** Encodes a case as a fragment, `#v1.…`, whatever its size (the app goes through `linkOf`, which checks it first). */
export function encodePermalink(state: Case): string {
  return hashOf(deflateSync(payload(state), LEVEL));
}

/** The app's link encoder: the pure functions' results, remembered for the last case, and giant cases deflated in slices. */
export interface LinkEncoder {
  /** `linkOf`, remembering the last case's link. */
  linkOf(state: Case): LinkOf;
  /** `tooLargeForLink` at the cap, remembering the last case's payload (a selector calls it on every store change). */
  tooLargeForLink(state: Case): TooLarge | null;
  /**
   * Runs `fn` once `linkOf(state)` returns at once: at once for a case whose payload is one slice, whose link is
   * already encoded or that is too large for a link; else after deflating it one slice per task. URL sync, autosave and
   * its hold all encode the case on screen: a 1.5 MB case deflated in one go blocks the page for seconds on a busy
   * machine. Returns a cancel.
   */
  whenLinkEncoded(state: Case, fn: () => void): () => void;
}

/** Creates a link encoder with its own caches and job queue. */
export function createLinkEncoder(): LinkEncoder {
  let lastEncoded: { state: Case; hash: string } | null = null;
  let lastPayload: { state: Case; bytes: Uint8Array } | null = null;
  const jobs: SliceJob[] = [];
  const remember = (state: Case, hash: string): string => {
    lastEncoded = { state: normalizeCase(state), hash };
    return hash;
  };
  const payloadOf = (state: Case): Uint8Array => {
    if (lastPayload && sameCase(lastPayload.state, state)) return lastPayload.bytes;
    const bytes = payload(state);
    lastPayload = { state: normalizeCase(state), bytes };
    return bytes;
  };
  const encoded = (state: Case): string | null => (lastEncoded && sameCase(lastEncoded.state, state) ? lastEncoded.hash : null);
  const tooLarge = (state: Case) => tooLargeForLink(state, MAX_DECODED_BYTES, payloadOf);
  return {
    tooLargeForLink: tooLarge,
    linkOf: (state) => {
      const large = tooLarge(state);
      return large ? { ok: false, tooLarge: large } : { ok: true, link: encoded(state) ?? remember(state, hashOf(deflateSync(payloadOf(state), LEVEL))) };
    },
    whenLinkEncoded: (state, fn) => {
      if (encoded(state) !== null || tooLarge(state)) return now(fn);
      // Whoever asks for the same case while it is sliced waits for the same slicing.
      let job = jobs.find((j) => sameCase(j.state, state));
      if (!job) {
        const bytes = payloadOf(state);
        if (bytes.length <= LINK_SLICE_BYTES) return now(fn);
        job = sliceDeflate(state, bytes, jobs, (deflated) => remember(state, hashOf(deflated)));
      }
      const waiter = { fn };
      job.waiters.add(waiter);
      const mine = job;
      return () => {
        mine.waiters.delete(waiter);
        if (mine.waiters.size === 0) mine.stop();
      };
    },
  };
}

function hashOf(deflated: Uint8Array): string {
  return `#v${CURRENT_VERSION}.${toBase64Url(deflated)}`;
}

function now(fn: () => void): () => void {
  fn();
  return () => {};
}

/** A case's link, or how large the case is when no link can carry it. */
export type LinkOf = { ok: true; link: string } | { ok: false; tooLarge: TooLarge };

/**
 * The size gate and the encoder in one: every link (address bar, draft, Share) is made here. A case too large for a
 * link gets none: its deflate would block the page for seconds, and the link would not open.
 */
export function linkOf(state: Case): LinkOf {
  const tooLarge = tooLargeForLink(state);
  return tooLarge ? { ok: false, tooLarge } : { ok: true, link: encodePermalink(state) };
}

/** A case whose link would unpack to more than the decoder opens: its size (a lower bound past the cap) and the cap. */
export interface TooLarge {
  bytes: number;
  maxBytes: number;
}

/**
 * Null when a link of this case opens again; else how large it is. Cheap enough to call on every store change: O(1)
 * unless the text is within a factor of 6 of the cap, and then measured once per case.
 */
export function tooLargeForLink(state: Case, maxBytes: number = MAX_DECODED_BYTES, measure: (state: Case) => Uint8Array = payload): TooLarge | null {
  const chars = (state.tool ?? '').length + state.schema.length + state.answer.length;
  // Every UTF-16 unit is at least one byte of the payload, and at most 6 (a JSON `\uXXXX` escape).
  if (chars > maxBytes) return { bytes: chars, maxBytes };
  if (chars * 6 + ENVELOPE_BYTES <= maxBytes) return null;
  const bytes = measure(state).length;
  return bytes > maxBytes ? { bytes, maxBytes } : null;
}

/** "This case is too large for a link (10.0 MB > 4 MB)": the start of every sentence that says so. */
export function describeTooLarge(t: TooLarge): string {
  const mb = t.bytes / MIB;
  // One decimal, unless that rounds down to the cap itself ("4.0 MB > 4 MB").
  const shown = Number(mb.toFixed(1)) > t.maxBytes / MIB ? mb.toFixed(1) : (Math.ceil(mb * 100) / 100).toFixed(2);
  return `This case is too large for a link (${shown} MB > ${formatBytes(t.maxBytes)})`;
}

const MIB = 1024 * 1024;
/** More than the payload holds besides tool, schema and answer (keys, role, converter, client, versions, answer form). */
const ENVELOPE_BYTES = 512;

/** The bytes a link deflates: the case as UTF-8 JSON. */
function payload(state: Case): Uint8Array {
  // JSON.stringify escapes lone surrogates (well-formed stringify), so any JS string survives UTF-8.
  return new TextEncoder().encode(JSON.stringify(linkObject(state, CURRENT_VERSION)));
}

/** "4 MB", "512 bytes". */
export function formatBytes(n: number): string {
  return n >= MIB ? `${n / MIB} MB` : `${n} bytes`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so String.fromCharCode never gets more arguments than the engine allows.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
