/**
 * The playground link of a finding: the tool's listing imported as the Import feature imports it (listingSource) and
 * the answer the server really sent, so the playground shows the client's same verdict.
 */
import type { ClientId } from '../engine/contract/catalog.ts';
import type { Json, JsonSchema } from '../engine/report.ts';
import { listingSource } from '../engine/import/listing-source.ts';
import type { Case } from '../engine/case.ts';
import { linkOf } from '../state/linkEncoder.ts';

/** What a link opens. `answer` is the structuredContent (or arguments) sent, or a whole result when `whole`. */
export interface LinkCase {
  tool: string;
  role: 'output' | 'input';
  listed: JsonSchema;
  answer: Json;
  /** The answer is the whole result `{ content, structuredContent?, isError? }` (an isError result, or one with no structuredContent). */
  whole?: boolean;
  client?: ClientId;
}

/** The case a link holds. */
export function linkCaseOf(c: LinkCase): Case {
  const about = `${c.tool}\u2019s ${c.role === 'output' ? 'outputSchema' : 'inputSchema'} from tools/list`;
  return {
    role: c.role,
    tool: c.tool,
    schema: listingSource(c.listed, about),
    answer: JSON.stringify(c.answer, null, 2),
    // An imported listing is the same under every converter; the client is the one the finding names.
    converter: 'mcp-sdk-v1',
    client: c.client ?? 'sdk-v1',
    ...(c.whole ? { answerForm: 'result' as const } : {}),
  };
}

/** The permalink of the case on this playground, or undefined when the case is too large for a link. */
export function linkFor(playground: string, c: LinkCase): string | undefined {
  const made = linkOf(linkCaseOf(c));
  if (!made.ok) return undefined;
  const url = new URL(playground);
  url.hash = made.link;
  return url.href;
}
