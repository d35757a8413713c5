/**
 * The link encoder: a case as `#v1.<base64url(deflate-raw(JSON))>`, no padding (state/permalink.ts reads it back),
 * behind the one size gate (`linkOf`), deflated at once or, for a giant case, one slice per task so the page stays
 * responsive (issue 9). It remembers the last case's payload and link: URL sync, autosave and its hold ask in turn.
 */
import { Deflate, deflateSync } from 'fflate';
import { normalizeCase, sameCase, type PlaygroundCase } from '../engine/case.ts';
import { linkObject } from './linkShape.ts';

/** The most a link may inflate to; a larger payload is refused before it is fully inflated (no deflate bombs). */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/** The version this build writes. */
export const CURRENT_VERSION = 1;

/** Encodes a case as a fragment, `#v1.…`, whatever its size (the app goes through `linkOf`, which checks it first). */
export function encodePermalink(state: PlaygroundCase): string {
  if (lastEncoded && sameCase(lastEncoded.state, state)) return lastEncoded.hash;
  return remember(state, deflateSync(payloadOf(state), LEVEL));
}

/** Payloads up to this many bytes are deflated at once; a larger one, one slice of this size per task (about 100 ms at level 9 on the busy 2-core runner). */
export const LINK_SLICE_BYTES = 16 * 1024;

/**
 * Runs `fn` once `encodePermalink(state)` returns at once: at once for a case whose payload is one slice, whose link is
 * already encoded or that is too large for a link; else after deflating it one slice per task. URL sync, autosave and
 * its hold all encode the case on screen: a 1.5 MB case deflated in one go blocks the page for seconds on a busy
 * machine. Returns a cancel.
 */
export function whenLinkEncoded(state: PlaygroundCase, fn: () => void): () => void {
  if ((lastEncoded && sameCase(lastEncoded.state, state)) || tooLargeForLink(state)) return now(fn);
  // Whoever asks for the same case while it is sliced waits for the same slicing.
  let job = jobs.find((j) => sameCase(j.state, state));
  if (!job) {
    const bytes = payloadOf(state);
    if (bytes.length <= LINK_SLICE_BYTES) return now(fn);
    job = sliceDeflate(state, bytes);
  }
  const waiter = { fn };
  job.waiters.add(waiter);
  const mine = job;
  return () => {
    mine.waiters.delete(waiter);
    if (mine.waiters.size === 0) mine.stop();
  };
}

/** A link being deflated in slices, and who waits for it. */
interface Job {
  state: PlaygroundCase;
  waiters: Set<{ fn: () => void }>;
  stop(): void;
}

const jobs: Job[] = [];

function sliceDeflate(state: PlaygroundCase, bytes: Uint8Array): Job {
  const out: Uint8Array[] = [];
  const stream = new Deflate(LEVEL, (chunk) => out.push(chunk));
  let at = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const job: Job = {
    state,
    waiters: new Set(),
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const i = jobs.indexOf(job);
      if (i !== -1) jobs.splice(i, 1);
    },
  };
  const step = () => {
    const end = Math.min(at + LINK_SLICE_BYTES, bytes.length);
    stream.push(bytes.subarray(at, end), end === bytes.length);
    at = end;
    if (at < bytes.length) {
      timer = setTimeout(step, 0);
      return;
    }
    job.stop();
    remember(state, concat(out));
    for (const w of job.waiters) w.fn();
  };
  timer = setTimeout(step, 0);
  jobs.push(job);
  return job;
}

const LEVEL = { level: 9 } as const;

/** The last case encoded and its link: URL sync, autosave and its hold ask for the same case's link in turn. */
let lastEncoded: { state: PlaygroundCase; hash: string } | null = null;

function remember(state: PlaygroundCase, deflated: Uint8Array): string {
  const hash = `#v${CURRENT_VERSION}.${toBase64Url(deflated)}`;
  lastEncoded = { state: normalizeCase(state), hash };
  return hash;
}

function now(fn: () => void): () => void {
  fn();
  return () => {};
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** A case's link, or how large the case is when no link can carry it. */
export type LinkOf = { ok: true; link: string } | { ok: false; tooLarge: TooLarge };

/**
 * The size gate and the encoder in one: every link (address bar, draft, Share) is made here. A case too large for a
 * link gets none: its deflate would block the page for seconds, and the link would not open.
 */
export function linkOf(state: PlaygroundCase): LinkOf {
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
export function tooLargeForLink(state: PlaygroundCase, maxBytes: number = MAX_DECODED_BYTES): TooLarge | null {
  const chars = state.tool.length + state.schema.length + state.answer.length;
  // Every UTF-16 unit is at least one byte of the payload, and at most 6 (a JSON `\uXXXX` escape).
  if (chars > maxBytes) return { bytes: chars, maxBytes };
  if (chars * 6 + ENVELOPE_BYTES <= maxBytes) return null;
  const bytes = payloadOf(state).length;
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
function payload(state: PlaygroundCase): Uint8Array {
  // JSON.stringify escapes lone surrogates (well-formed stringify), so any JS string survives UTF-8.
  return new TextEncoder().encode(JSON.stringify(linkObject(state, CURRENT_VERSION)));
}

let lastPayload: { state: PlaygroundCase; bytes: Uint8Array } | null = null;

/** The payload, remembered for the last case: a selector measures it on every store change, and its link deflates it. */
function payloadOf(state: PlaygroundCase): Uint8Array {
  if (lastPayload && sameCase(lastPayload.state, state)) return lastPayload.bytes;
  const bytes = payload(state);
  lastPayload = { state: normalizeCase(state), bytes };
  return bytes;
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
