/** The real-SDK phase: the case through each published SDK's real server and client. */
import { messageOf } from '../lib/message.ts';
import { runRealSdk } from '../real-sdk.ts';
import type { RealSdkId } from '../contract/catalog.ts';
import type { Json } from '../report.ts';
import type { LoadedCase } from '../types.ts';
import { realSdkRow, type ExpandedRealSdkRow, type ReportRows, type ValueTable } from '../values.ts';

/**
 * Both SDK majors' runs. What each returned goes in `table`, held once with an equal shipment (by content, key order
 * included), v1's first. Never throws.
 */
export async function realRuns(table: ValueTable, loaded: LoadedCase, answer: Json): Promise<ReportRows['realSdk']> {
  const [v1, v2] = await Promise.all([realRun('v1', loaded, answer), realRun('v2', loaded, answer)]);
  return { v1: realSdkRow(v1, table), v2: realSdkRow(v2, table) };
}

async function realRun(version: RealSdkId, loaded: LoadedCase, answer: Json): Promise<ExpandedRealSdkRow> {
  try {
    return await runRealSdk(version, loaded, answer);
  } catch (e) {
    return { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: `Internal error running the SDK: ${messageOf(e)}` };
  }
}
