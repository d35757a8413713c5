/**
 * The protocol era (SEP-2106), in one place. The v2 server's handler is the same in both eras; what differs is
 * the wire codec: the 2025-11-25 codec lists a non-object output root as `{ type: "object", properties: { result } }`
 * and ships any non-object structuredContent as `{ result }`; the 2026-07-28 codec lists and ships the natural value.
 * The rule every server the playground models follows: in the modern era, nothing is wrapped. SDK 1.x speaks only 2025.
 */
import { DEFAULT_PROTOCOL, LEGACY_PROTOCOL, type Protocol } from './contract/versions.ts';
import type { LoadedCase } from './types.ts';

/** The case negotiates 2026-07-28 (absent protocol: the 2025 era, as before eras existed). */
export function isModern(loaded: Pick<LoadedCase, 'protocol'>): boolean {
  return loaded.protocol === '2026-07-28';
}

/** The era a case's `protocol` names, as LoadedCase carries it (absent for the default). */
export function eraOf(protocol: Protocol | undefined): Pick<LoadedCase, 'protocol'> {
  return protocol === '2026-07-28' ? { protocol } : {};
}

/** The era each SDK major runs in: v2 negotiates the picked one, v1 knows only 2025-11-25. */
export function sdkProtocols(loaded: Pick<LoadedCase, 'protocol'>): { v1: Protocol; v2: Protocol } {
  return { v1: LEGACY_PROTOCOL, v2: loaded.protocol ?? DEFAULT_PROTOCOL };
}

/** A cache key part for anything that depends on the era. */
export function eraKey(loaded: Pick<LoadedCase, 'protocol'>): string {
  return loaded.protocol ?? DEFAULT_PROTOCOL;
}

/** What the SDK 1.x rows say in the modern era: they never pretend to speak it. */
export const V1_ERA_NOTE = {
  /** The sdk-v1 client's verdict (valid: null): it has no 2026-07-28 verdict to give. */
  client: 'SDK 1.x speaks only protocol 2025-11-25: its client cannot negotiate 2026-07-28, so it gives no verdict in this era (pick 2025-11-25 for its verdict).',
  /** The mcp-sdk-v1 converter's warning. */
  listing: 'SDK 1.x speaks only protocol 2025-11-25: this is its 2025-11-25 listing and wire, whatever era the case picked.',
} as const;
