/** `raw`: what the published SDK servers do, ship the answer as it is once zod accepts it. */
import type { Json } from '../report.ts';
import { isRecord } from '../lib/json.ts';
import type { Policy } from '../types.ts';
import { rejected } from './shipment.ts';

/** The published SDKs' policy. */
export const raw: Policy<'raw'> = {
  id: 'raw',
  opensListing: false,
  shipsRaw: true,
  /**
   * Contract with the converters: `refused` is the ZodError's `.message` verbatim. zod 4 makes that
   * `JSON.stringify(issues, null, 2)`, so the converter's wire refusal reads the issues back (converters/support/sdk-listing.ts
   * `issuesOf`) and words them as its SDK does. When the parse threw instead of failing, it is the thrown message.
   */
  ship(loaded, answer, a) {
    // Refused arguments were still sent as they are: the clients' verdicts on them stand beside the server's refusal.
    if (!a.parsed.ok) return loaded.role === 'input' ? { ...rejected(a.parsed.zodMessage, a), ships: answer } : rejected(a.parsed.zodMessage, a);
    return { ships: answer, undeclared: a.undeclared, refused: null, log: null };
  },
  onWire: sdkResultCopy,
};

/**
 * What the published SDK servers do to structuredContent on its way out: their CallToolResult parse copies it key by
 * key (a zod record), and assigning `__proto__` sets the copy's prototype, so a top-level `__proto__` key never leaves
 * the server. Nested keys are passed by reference and stay. Returns the value itself when there is nothing to drop.
 */
export function sdkResultCopy(value: Json): Json {
  if (!isRecord(value) || !Object.hasOwn(value, '__proto__')) return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = value[key] as Json;
  return out;
}
