/** `@modelcontextprotocol/sdk` 1.32.2 listing the schema for real (McpServer and Client over its InMemoryTransport). */
import { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { listWithSdk, runRealSdk } from '../real-sdk.ts';
import type { Json } from '../report.ts';
import type { Converter, Listing, LoadedCase } from '../types.ts';
import { cachedListing, issuesOf, refusalLead } from './support/sdk-listing.ts';

/** The v1 SDK: draft-07 listing; a non-object output root is left out of tools/list and then fails every call. */
export const mcpSdkV1Converter: Converter<'mcp-sdk-v1'> = {
  id: 'mcp-sdk-v1',
  list: (loaded) => cachedListing('v1', loaded, build),
};

async function build(loaded: LoadedCase): Promise<Listing> {
  const { listed, listError } = await listWithSdk('v1', loaded);
  const listing: Listing = { listed, listError, warning: null, refusal: refusal(loaded) };
  if (loaded.role === 'output') listing.refusesAnswer = refusesFalsy(loaded.tool);
  if (loaded.role === 'output' && listed === null && listError === null) {
    // v1 leaves a non-object outputSchema out of tools/list yet still validates against it: every call fails. Ask the server for the text.
    const probe = await runRealSdk('v1', loaded, {});
    if (probe.isError && probe.text !== null) listing.callError = probe.text;
  }
  return listing;
}

/** v1's McpServer checks `!result.structuredContent` before anything else, so null, 0, false and "" are refused whatever the schema (server/mcp.js validateToolOutput). */
function refusesFalsy(tool: string): (ships: Json) => string | null {
  const text = new McpError(ErrorCode.InvalidParams, `Output validation error: Tool ${tool} has an output schema but no structured content was provided`).message;
  return (ships) => (ships ? null : text);
}

/** The isError text of v1's McpServer when its zod parse rejects (server/mcp.js validateToolOutput / validateToolInput). */
function refusal(loaded: LoadedCase): (zodMessage: string) => string {
  const what = refusalLead(loaded);
  return (zodMessage) => {
    const issues = issuesOf(zodMessage);
    return new McpError(ErrorCode.InvalidParams, `${what}: ${getParseErrorMessage(issues ? { issues } : { message: zodMessage })}`).message;
  };
}
