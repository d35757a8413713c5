/**
 * Permalinks: the whole case lives in the URL fragment as `#v1.<base64url(deflate-raw(JSON))>`, no padding.
 * Pure functions only (the location is passed in); every link version ever issued keeps a decoder here.
 */
import { Deflate, Inflate, deflateSync } from 'fflate';
import { EXAMPLE_LINK_PREFIX, exampleCase, findExample } from '../examples/links.ts';
import type { PlaygroundCase } from './playgroundCase.ts';
import { checkShape, copyCase, linkObject, sameLinkFields } from './linkShape.ts';
import { messageOf } from '../engine/lib/message.ts';

export type { PlaygroundCase };

/** The result of reading a link: the case, or a sentence a user can act on. */
export type DecodeResult = { ok: true; state: PlaygroundCase } | { ok: false; error: string };

/** The most a link may inflate to; a larger payload is refused before it is fully inflated (no deflate bombs). */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/** The version this build writes. */
export const CURRENT_VERSION = 1;

/** Encodes a case as a fragment, `#v1.…`, whatever its size (the app goes through `linkOf`, which checks it first). */
export function encodePermalink(state: PlaygroundCase): string {
  if (lastEncoded && sameLinkFields(lastEncoded.state, state)) return lastEncoded.hash;
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
  if ((lastEncoded && sameLinkFields(lastEncoded.state, state)) || tooLargeForLink(state)) return now(fn);
  // Whoever asks for the same case while it is sliced waits for the same slicing.
  let job = jobs.find((j) => sameLinkFields(j.state, state));
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
  lastEncoded = { state: copyCase(state), hash };
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
  if (lastPayload && sameLinkFields(lastPayload.state, state)) return lastPayload.bytes;
  const bytes = payload(state);
  lastPayload = { state: copyCase(state), bytes };
  return bytes;
}

/** Decodes a fragment (with or without the leading `#`). Never throws. */
export function decodePermalink(hash: string, maxBytes: number = MAX_DECODED_BYTES): DecodeResult {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const match = /^v(\d+)\.(.*)$/s.exec(body);
  if (!match) return fail('This link does not hold a playground case (it should end in #v1.…).');
  const version = Number(match[1]);
  const decoder = DECODERS[version];
  if (!decoder) {
    return fail(
      version > CURRENT_VERSION
        ? `This link was made by a newer version of the playground (v${version}); this one reads v${CURRENT_VERSION} links. Open it in an up-to-date playground.`
        : `This link uses a format (v${version}) this playground never issued.`,
    );
  }
  return decoder(match[2] ?? '', maxBytes);
}

/** A link read: its case, and the gallery example it names (null for a `#v1.…` link). */
export type LinkResult = { ok: true; state: PlaygroundCase; example: string | null } | { ok: false; error: string };

/** Reads any link the playground ever issued (with or without the leading `#`). Never throws. */
export function readLink(hash: string): LinkResult {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  // #example/<id>: a gallery example by name, issued since 0.2.0 (the case comes from this build's gallery).
  if (body.startsWith(EXAMPLE_LINK_PREFIX.slice(1))) {
    const id = safeDecode(body.slice(EXAMPLE_LINK_PREFIX.length - 1));
    const example = id === null ? undefined : findExample(id);
    if (!example) return fail(`This link names an example ("${id ?? body}") this playground does not have.`);
    return { ok: true, state: exampleCase(example), example: example.id };
  }
  const decoded = decodePermalink(body);
  return decoded.ok ? { ...decoded, example: null } : decoded;
}

/** Where the app starts: the case in the link, or `fallback` with the reason the link could not be read. */
export function getInitialState(
  location: { hash: string },
  fallback: PlaygroundCase,
): { state: PlaygroundCase; error: string | null; example: string | null } {
  if (location.hash === '' || location.hash === '#') return { state: fallback, error: null, example: null };
  const link = readLink(location.hash);
  return link.ok ? { state: link.state, error: null, example: link.example } : { state: fallback, error: link.error, example: null };
}

const DECODERS: Record<number, (payload: string, maxBytes: number) => DecodeResult> = {
  // v1: base64url(deflate-raw(JSON { v: 1, role, tool, schema, answer, converter, client, versions?, answerForm? })),
  // issued since 0.1.0; versions and answerForm (omitted when default) since issue 10 (state/linkShape.ts).
  1: (payload, maxBytes) => {
    if (payload === '') return fail('This link is truncated: nothing follows "v1.". Was it copied in full?');
    if (!/^[A-Za-z0-9_-]*$/.test(payload)) return fail('This link is damaged: it contains characters a playground link never has. Was it copied in full?');
    const bytes = fromBase64Url(payload);
    if (!bytes) return fail('This link is truncated: its data ends mid-character. Was it copied in full?');
    const inflated = inflateCapped(bytes, maxBytes);
    if (!inflated.ok) return inflated;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
    } catch {
      return fail('This link is damaged: its data is not valid text. Was it copied in full?');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return fail(`This link is damaged: its data is not valid JSON (${messageOf(e)}).`);
    }
    return checkShape(json);
  },
};

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Inflates in small input steps so a bomb is stopped once it passes `maxBytes`, not after it filled memory. */
function inflateCapped(bytes: Uint8Array, maxBytes: number): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  // Deflate expands at most ~1032:1, so a 1 KiB step inflates to at most ~1 MiB before the check below runs.
  const STEP = 1024;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total <= maxBytes) chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let at = 0; at < bytes.length; at += STEP) {
      inflate.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
      if (total > maxBytes) return fail(`This link holds more than ${formatBytes(maxBytes)} of data once unpacked; the playground does not open it.`);
    }
    if (bytes.length === 0) inflate.push(bytes, true);
  } catch {
    return fail('This link is truncated or damaged: its data does not unpack. Was it copied in full?');
  }
  if (!done) return fail('This link is truncated: its data ends early. Was it copied in full?');
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes: out };
}

function formatBytes(n: number): string {
  return n >= MIB ? `${n / MIB} MB` : `${n} bytes`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so String.fromCharCode never gets more arguments than the engine allows.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
