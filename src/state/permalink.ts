/**
 * Permalinks: the whole case lives in the URL fragment as `#v1.<base64url(deflate-raw(JSON))>`, no padding.
 * Pure functions only (the location is passed in); every link version ever issued keeps a decoder here. The encoder
 * is state/linkEncoder.ts.
 */
import { Inflate } from 'fflate';
import { EXAMPLE_LINK_PREFIX, exampleCase, findExample } from '../examples/links.ts';
import type { Case } from '../engine/case.ts';
import { checkShape } from './linkShape.ts';
import { CURRENT_VERSION, MAX_DECODED_BYTES, formatBytes } from './linkEncoder.ts';
import { messageOf } from '../engine/lib/message.ts';

/** The result of reading a link: the case, or a sentence a user can act on. */
export type DecodeResult = { ok: true; state: Case } | { ok: false; error: string };

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
export type LinkResult = { ok: true; state: Case; example: string | null } | { ok: false; error: string };

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
  fallback: Case,
): { state: Case; error: string | null; example: string | null } {
  if (location.hash === '' || location.hash === '#') return { state: fallback, error: null, example: null };
  const link = readLink(location.hash);
  return link.ok ? { state: link.state, error: null, example: link.example } : { state: fallback, error: link.error, example: null };
}

const DECODERS: Record<number, (payload: string, maxBytes: number) => DecodeResult> = {
  // v1: base64url(deflate-raw(JSON { v: 1, role, tool, schema, answer, converter, client, versions?, answerForm? })),
  // issued since 0.1.0; versions and answerForm came later and are omitted when default, so older links decode as they were (state/linkShape.ts).
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

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
