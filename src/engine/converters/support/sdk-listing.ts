/** Shared by the two SDK converters: a listing cache and what their refusals are worded from. */
import { formatIssues } from '../../lib/issues.ts';
import type { Listing, LoadedCase } from '../../types.ts';
import type { RealSdkId } from '../../contract/catalog.ts';
import { eraKey } from '../../era.ts';
import { remember } from '../../lib/lru.ts';

/** Lists once per (schema identity, SDK, world's SDK, role, tool, era) in the session's memo (session.ts): a real listing costs a server/client session. */
export function cachedListing(version: RealSdkId, loaded: LoadedCase, build: (loaded: LoadedCase) => Promise<Listing>): Promise<Listing> {
  const bySchema = remember(loaded.memos?.listings, loaded.schema, () => new Map<string, Promise<Listing>>());
  const key = `${version}\u0000${loaded.world?.versions.sdk ?? ''}\u0000${loaded.role}\u0000${loaded.tool}\u0000${eraKey(loaded)}`;
  const hit = bySchema.get(key);
  if (hit !== undefined) return hit;
  const made = build(loaded);
  bySchema.set(key, made);
  made.catch(() => bySchema.delete(key));
  return made;
}

/** A zod issue as its error message prints it. */
export interface PrintedIssue {
  path: Array<string | number>;
  message: string;
}

/** The issues in a zod error's `.message` (zod 4 prints them as JSON), or null when the text is something else. */
export function issuesOf(zodMessage: string): PrintedIssue[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(zodMessage);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return null;
  const issues: PrintedIssue[] = [];
  for (const i of parsed as unknown[]) {
    if (typeof i !== 'object' || i === null) return null;
    const { path, message } = i as { path?: unknown; message?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return null;
    issues.push({ path: path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'), message });
  }
  return issues;
}

/** How both SDKs' McpServer opens its isError text when the zod parse rejects (`validateToolOutput` / `validateToolInput`). */
export function refusalLead(loaded: LoadedCase): string {
  return loaded.role === 'output'
    ? `Output validation error: Invalid structured content for tool ${loaded.tool}`
    : `Input validation error: Invalid arguments for tool ${loaded.tool}`;
}

/** The isError text of v2's McpServer when its Standard Schema validation rejects (server/dist mcp-*.mjs validateToolOutput / validateToolInput). */
export function v2Refusal(loaded: LoadedCase): (zodMessage: string) => string {
  const what = refusalLead(loaded);
  // validateStandardSchema/formatIssue are internal to the v2 server bundle (server/dist/src-*.mjs): lib/issues.ts has their rule.
  return (zodMessage) => {
    const issues = issuesOf(zodMessage);
    return `${what}: ${issues ? formatIssues(issues) : zodMessage}`;
  };
}
