/** The real-SDK phase: the case through each published SDK's real server and client. */
import { guard } from '../lib/guard.ts';
import { sameJson } from '../lib/json.ts';
import { messageOf } from '../lib/message.ts';
import { runRealSdk } from '../real-sdk.ts';
import type { RealSdkId } from '../contract/catalog.ts';
import type { Json, RealSdkRow, Report } from '../report.ts';
import type { LoadedCase } from '../types.ts';

/** Both SDK majors' runs; what each returned shares its object with an equal shipment (see sharedEqual). Never throws. */
export async function realRuns(loaded: LoadedCase, answer: Json, converters: Report['converters']): Promise<Report['realSdk']> {
  const [v1, v2] = await Promise.all([realRun('v1', loaded, answer), realRun('v2', loaded, answer)]);
  for (const run of [v1, v2]) run.structuredContent = sharedEqual(run.structuredContent, converters);
  return { v1, v2 };
}

async function realRun(version: RealSdkId, loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  try {
    return await runRealSdk(version, loaded, answer);
  } catch (e) {
    return { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: `Internal error running the SDK: ${messageOf(e)}` };
  }
}

/**
 * What a real SDK run returned, as the same object as an equal value some policy ships (key order included), so a
 * copy of the report (postMessage to the page) carries a large answer once instead of once per SDK.
 */
function sharedEqual(value: Json | null, converters: Report['converters']): Json | null {
  if (typeof value !== 'object' || value === null) return value;
  const seen = new Set<Json>();
  for (const row of Object.values(converters)) {
    for (const policy of Object.values(row.policies)) {
      const ships = policy.ships;
      if (ships === null || seen.has(ships)) continue;
      seen.add(ships);
      if (guard(() => sameJson(value, ships), () => false)) return ships;
    }
  }
  return value;
}
