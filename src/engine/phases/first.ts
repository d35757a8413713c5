/**
 * The first verdict: what the page shows first (the selected converter's listing, every policy's shipment, and the
 * selected client's verdicts on them), computed before the other converters, clients and the real-SDK runs. Each of
 * its verdicts is a real validator run; the full report that follows builds the same rows again from the same
 * caches (listings by schema, validators by listing) and the same verdict memo (its selected verdicts do not run twice).
 */
import { CLIENT_IDS, CONVERTER_IDS, type ClientId, type ConverterId } from '../contract/catalog.ts';
import type { Chunk } from '../chunk.ts';
import { CLIENT_REGISTRY, clientsOf } from '../clients/index.ts';
import { CONVERTER_REGISTRY } from '../converters/index.ts';
import { PENDING_PARTS, type Json } from '../report.ts';
import type { ReportRows, ValueTable } from '../values.ts';
import type { LoadedCase, Policy, Shipment } from '../types.ts';
import { listOne } from './convert.ts';
import { verifyAll, type VerifyMemo, type WholeFacts } from './verify.ts';

/** The converter and client a case asks to see first (its extra keys `converter` and `client`), if both are known. */
export function selectedOf(input: unknown): { converter: ConverterId; client: ClientId } | null {
  const { converter, client } = typeof input === 'object' && input !== null ? (input as { converter?: unknown; client?: unknown }) : {};
  const c = CONVERTER_IDS.find((id) => id === converter);
  const k = CLIENT_IDS.find((id) => id === client);
  return c && k ? { converter: c, client: k } : null;
}

/** The chunks the first report of a selection runs (chunks.ts): none unless its converter or client is v2's. */
export function firstChunksFor(selected: { converter: ConverterId; client: ClientId }): ReadonlyArray<Chunk<unknown>> {
  return [...new Set([...(CONVERTER_REGISTRY[selected.converter].chunks ?? []), ...(CLIENT_REGISTRY[selected.client].chunks ?? [])])];
}

/**
 * The first report: `base` with the selected converter's row (its values in `table`), the selected client's verdicts
 * (the other clients' marked `pending`, so the panes keep their places), and `pending` set.
 */
export async function firstReport(
  table: ValueTable,
  base: ReportRows,
  loaded: LoadedCase,
  answer: Json,
  shipments: ReadonlyArray<readonly [Policy, Shipment]>,
  selected: { converter: ConverterId; client: ClientId },
  whole: WholeFacts | undefined,
  memo: VerifyMemo,
): Promise<ReportRows> {
  const listing = await listOne(CONVERTER_REGISTRY[selected.converter], loaded);
  const clients = clientsOf(loaded.world, loaded.protocol).filter((c) => c.id === selected.client);
  const converters = verifyAll(table, loaded, answer, [[selected.converter, listing]], shipments, clients, whole, memo);
  await memo.settle();
  for (const row of Object.values(converters)) {
    for (const policy of Object.values(row.policies)) {
      for (const id of CLIENT_IDS) policy.verdicts[id] ??= { valid: null, message: null, pending: true };
    }
  }
  return { ...base, converters, pending: [...PENDING_PARTS] };
}
