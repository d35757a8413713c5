/** `@modelcontextprotocol/server` 2.4.0 (+ client 2.4.0) listing the schema for real over their InMemoryTransport. */
import { sdkV2 } from '../chunks.ts';
import { listWithSdk } from '../real-sdk.ts';
import type { JsonSchema } from '../report.ts';
import type { Converter, Listing, LoadedCase } from '../types.ts';
import { cachedListing, v2Refusal } from './support/sdk-listing.ts';
import { isModern } from '../era.ts';

/** The v2 SDK: draft 2020-12 listing in the case's era; on the 2025-11-25 wire a non-object output root, and any non-object value, is wrapped as `{ result }`. */
export const mcpSdkV2Converter: Converter<'mcp-sdk-v2'> = {
  id: 'mcp-sdk-v2',
  chunks: [sdkV2],
  list: (loaded) => cachedListing('v2', loaded, build),
};

async function build(loaded: LoadedCase): Promise<Listing> {
  const { listed, listError, served } = await listWithSdk('v2', loaded);
  const listing: Listing = { listed, listError, warning: null, refusal: v2Refusal(loaded) };
  if (listed !== null && served !== null && wraps(listed, served)) listing.wrapsResult = true;
  // The 2025 codec's projectCallToolResult wraps a non-object structuredContent whatever the listing (a root .catch()
  // lets one through zod); the 2026-07-28 codec ships it bare (engine/era.ts).
  if (loaded.role === 'output' && !isModern(loaded)) listing.wrapsNonObject = true;
  // validateToolOutput (server/dist mcp-*.mjs) checks `structuredContent === void 0`, so only a whole result can meet it.
  if (loaded.role === 'output') listing.refusesAbsent = `Output validation error: Tool ${loaded.tool} has an output schema but no structured content was provided`;
  return listing;
}

/**
 * Whether the 2025 codec wrapped the listing as `{ result }`: it does so when the server's schema has a root `type`
 * other than 'object' (or none), and rewrites `$ref`s as it goes, so the wrapped copy is not compared with the original.
 */
function wraps(listed: JsonSchema, served: JsonSchema): boolean {
  if (typeof listed !== 'object' || typeof served !== 'object' || served.type === 'object') return false;
  const properties = listed.properties;
  const hasResult = typeof properties === 'object' && properties !== null && !Array.isArray(properties) && 'result' in properties;
  return listed.type === 'object' && hasResult && JSON.stringify(listed.required) === '["result"]';
}
