/** `@modelcontextprotocol/sdk` 1.32.2 (or the world's v1 SDK) listing the schema for real (McpServer and Client over its InMemoryTransport). */
import { DEFAULT_V1, type V1Api } from '../worlds/world.ts';
import { listWithSdk, runRealSdk } from '../real-sdk.ts';
import type { Json } from '../report.ts';
import type { Converter, Listing, LoadedCase } from '../types.ts';
import { cachedListing, issuesOf, refusalLead } from './support/sdk-listing.ts';
import { isModern, V1_ERA_NOTE } from '../era.ts';
import { librarySchemaOf } from '../libs/index.ts';

/** The v1 SDK: draft-07 listing; a non-object output root is left out of tools/list and then fails every call. */
export const mcpSdkV1Converter: Converter<'mcp-sdk-v1'> = {
  id: 'mcp-sdk-v1',
  list: (loaded) => cachedListing('v1', loaded, build),
};

/** JSON-RPC's internal error: the server threw something other than an McpError. */
const INTERNAL_ERROR = -32603;

async function build(loaded: LoadedCase): Promise<Listing> {
  const { listed, listError } = await listWithSdk('v1', loaded);
  // Another library's schema: SDK 1.x's registerTool throws (real-sdk.ts), so there is no server to call.
  if (listError !== null && librarySchemaOf(loaded.schema)) return { listed, listError, warning: null, callError: listError };
  const api = loaded.world?.v1 ?? DEFAULT_V1;
  const listing: Listing = { listed, listError, warning: isModern(loaded) ? V1_ERA_NOTE.listing : null, refusal: api.getParseErrorMessage ? refusal(loaded, api) : thrownRefusal(loaded, api) };
  if (loaded.role === 'output') listing.refusesAnswer = refusesFalsy(loaded.tool, api);
  if (loaded.role === 'output' && listed === null && listError === null) {
    // v1 leaves a non-object outputSchema out of tools/list yet still validates against it: every call fails. Ask the server for the text.
    const probe = await runRealSdk('v1', loaded, {});
    if (probe.isError && probe.text !== null) listing.callError = probe.text;
  } else if (loaded.role === 'output' && listError === null && !api.getParseErrorMessage) {
    // 1.20 wraps the shape in its own zod 3: zod 4 fields break its parse on every call (an internal error, -32603).
    const probe = await runRealSdk('v1', loaded, {});
    if (probe.callError?.startsWith(new api.McpError(INTERNAL_ERROR, '').message)) listing.callError = probe.callError;
  }
  return listing;
}

/** v1's McpServer checks `!result.structuredContent` before anything else, so null, 0, false and "" are refused whatever the schema (server/mcp.js validateToolOutput). */
function refusesFalsy(tool: string, { McpError, ErrorCode, getParseErrorMessage }: V1Api): (ships: Json) => string | null {
  const said = `Tool ${tool} has an output schema but no structured content was provided`;
  // 1.20 throws it as a JSON-RPC error, which its client wraps again: the prefix comes twice.
  const text = getParseErrorMessage
    ? new McpError(ErrorCode.InvalidParams, `Output validation error: ${said}`).message
    : new McpError(ErrorCode.InvalidParams, new McpError(ErrorCode.InvalidParams, said).message).message;
  return (ships) => (ships ? null : text);
}

/** 1.20's McpServer throws its zod parse's rejection (the ZodError's message as is); the client wraps it again. */
function thrownRefusal(loaded: LoadedCase, { McpError, ErrorCode }: V1Api): (zodMessage: string) => string {
  const what = loaded.role === 'output' ? `Invalid structured content for tool ${loaded.tool}` : `Invalid arguments for tool ${loaded.tool}`;
  return (zodMessage) => new McpError(ErrorCode.InvalidParams, new McpError(ErrorCode.InvalidParams, `${what}: ${zodMessage}`).message).message;
}

/** The isError text of v1's McpServer when its zod parse rejects (server/mcp.js validateToolOutput / validateToolInput). */
function refusal(loaded: LoadedCase, { McpError, ErrorCode, getParseErrorMessage }: V1Api): (zodMessage: string) => string {
  const what = refusalLead(loaded);
  const words = getParseErrorMessage ?? ((e: unknown) => String(e));
  return (zodMessage) => {
    const issues = issuesOf(zodMessage);
    return new McpError(ErrorCode.InvalidParams, `${what}: ${words(issues ? { issues } : { message: zodMessage })}`).message;
  };
}
