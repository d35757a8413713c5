/**
 * The embed's postMessage protocol. Embed → host: `{ type: "mcp-schema-playground:ready" }` once the embed listens
 * (a `set` sent before it may be lost: the frame's document may not exist yet), then
 * `{ type: "mcp-schema-playground:resize", height }` whenever the content height changes (never 0: nothing is posted
 * before the content has a height). Host → embed: `{ type: "mcp-schema-playground:set", case }`. The app checks
 * `event.source === window.parent` before it parses; this module only judges the data.
 */
import { CASE_FIELDS, CASE_KEYS, checkCase, type Case } from '../../engine/case.ts';
import { EMBED_PARAMS } from './options.ts';

export const READY_TYPE = 'mcp-schema-playground:ready';
export const RESIZE_TYPE = 'mcp-schema-playground:resize';
export const SET_TYPE = 'mcp-schema-playground:set';


/** Embed → host: the embed listens for `set` messages now. */
export const READY_MESSAGE: { readonly type: typeof READY_TYPE } = Object.freeze({ type: READY_TYPE });

/** Embed → host: the embed's content height in CSS pixels. */
export interface ResizeMessage {
  type: typeof RESIZE_TYPE;
  height: number;
}

/** Host → embed: show this case. */
export interface SetMessage {
  type: typeof SET_TYPE;
  case: Case;
}

/** The most text (tool + schema + answer, in UTF-16 units) a `set` message may carry. */
export const MAX_SET_CHARS = 1_000_000;

/** What a host message is: a case to show; or not, with a reason when it was meant as a `set` (null: not ours, ignore). */
export type HostMessageResult = { ok: true; case: Case } | { ok: false; reason: string | null };

/**
 * The resize message for a content height (rounded up, so the host never clips a fraction of a pixel), or null for no
 * height at all (before the first render): a host that applied 0 would collapse the iframe.
 */
export function resizeMessage(height: number): ResizeMessage | null {
  return Number.isFinite(height) && height > 0 ? { type: RESIZE_TYPE, height: Math.ceil(height) } : null;
}

/** Accepts only a well-formed `set` message whose case has the shape a permalink carries. Never throws. */
export function parseHostMessage(data: unknown): HostMessageResult {
  if (!isPlainObject(data) || !Object.hasOwn(data, 'type') || data['type'] !== SET_TYPE) return { ok: false, reason: null };
  const c = Object.hasOwn(data, 'case') ? data['case'] : undefined;
  if (!isPlainObject(c)) return invalid(`"case" must be an object { ${CASE_KEYS.map((k) => (CASE_FIELDS[k]._zod.optin === 'optional' ? `${k}?` : k)).join(', ')} }`);
  // Own properties only: nothing inherited (a crafted prototype) may stand in for a field.
  const own = (key: string): unknown => (Object.hasOwn(c, key) ? c[key] : undefined);
  if (own('v') !== undefined && own('v') !== 1) return invalid('"case.v" must be 1 when given');
  const size = ['tool', 'schema', 'answer'].reduce((n, k) => n + (typeof own(k) === 'string' ? (own(k) as string).length : 0), 0);
  if (size > MAX_SET_CHARS) return invalid(`the case holds more than ${MAX_SET_CHARS.toLocaleString('en-US')} characters`);
  // Only the case's own fields, as JSON carries them (what a link holds): a value JSON cannot hold is refused here.
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify({ ...Object.fromEntries(CASE_KEYS.map((k) => [k, own(k)])), v: 1 }));
  } catch {
    return invalid('the case holds values that are not JSON');
  }
  // The case module's check, the one a link's case passes, so a message accepts exactly what a link does.
  const checked = checkCase(json);
  return checked.ok ? { ok: true, case: checked.state } : invalid(`the case has the wrong shape: ${checked.error}`);
}

/** The full playground showing the same case: the embed's own URL without its embed options, with the case's fragment. */
export function openInPlaygroundUrl(baseHref: string, permalinkHash: string): string {
  const url = new URL(baseHref);
  for (const name of EMBED_PARAMS) url.searchParams.delete(name);
  url.hash = permalinkHash;
  return url.href;
}

function invalid(reason: string): { ok: false; reason: string } {
  return { ok: false, reason: `Ignored a ${SET_TYPE} message: ${reason}.` };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
