/**
 * `check`, end to end: connect every real client, list the tools, judge each listing, make the calls asked for and
 * judge each real answer under every client. Resolves with the result, or with the sentence saying why the server
 * could not be checked (the command exits 2 then).
 */
import { isSchemaNode } from '../engine/lib/schema-walk.ts';
import type { CheckOptions } from './args.ts';
import { connect, describe, SDK_VERSION, type Connection, type Exchange } from './connect.ts';
import { CHECK_CLIENTS, finding, summaryOf, type CheckClient, type CheckResult, type ClientRun, type Finding, type OptInClient, type PerClient, type ToolRecord } from './findings.ts';
import { judgeCall, schemaFindings, unexplainedListRefusals, type Found, type ListedTool, type ListOutcomes } from './judge.ts';
import { linkFor } from './link.ts';
import { connectPython, NotRun } from './python.ts';

export type CheckOutcome = { ok: true; result: CheckResult } | { ok: false; error: string };

/** What the run itself needs of the command line (the output files are main.ts's). */
type RunKeys = 'target' | 'calls' | 'timeoutMs' | 'playground';
/** The client ids in the run (the default ones, then the opt-in ones asked for), passed through the steps. */
type Clients = readonly CheckClient[];
export type RunOptions = Pick<CheckOptions, RunKeys> & Partial<Omit<CheckOptions, RunKeys>>;

/** Runs the check; `progress` gets one line per step (the command writes them on stderr). */
export async function runCheck(options: RunOptions, progress: (line: string) => void): Promise<CheckOutcome> {
  const asked: Clients = [...CHECK_CLIENTS, ...(options.clients ?? [])];
  progress(`connecting to ${describe(options.target)} with ${asked.join(', ')}`);
  const settled = await Promise.allSettled(asked.map((c) => (c === 'python-sdk' ? connectPython(options.target, options.timeoutMs) : connect(c, options.target, options.timeoutMs))));
  const connections = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = new Map<CheckClient, string>();
  // An opt-in client this machine cannot run (no Python, no `mcp`): one line, no verdict, no finding.
  const notRun = new Map<CheckClient, string>();
  settled.forEach((s, i) => {
    const client = asked[i] as CheckClient;
    if (s.status === 'rejected' && s.reason instanceof NotRun) notRun.set(client, s.reason.message);
    else if (s.status === 'rejected') failed.set(client, s.reason instanceof Error ? s.reason.message : String(s.reason));
  });
  for (const [client, why] of notRun) progress(`${client}: not run: ${why}`);
  const clients = asked.filter((c) => !notRun.has(c));
  const runs: ClientRun[] | undefined = options.clients?.length
    ? options.clients.map((c) => (notRun.has(c) ? { client: c, notRun: notRun.get(c) as string } : { client: c, versions: versionsOf(c, connections) }))
    : undefined;
  try {
    if (connections.length === 0) {
      const byWhy = new Map<string, CheckClient[]>();
      for (const [client, why] of failed) byWhy.set(why, [...(byWhy.get(why) ?? []), client]);
      return { ok: false, error: [...byWhy].map(([why, clients]) => `${clients.join(', ')} could not connect to ${describe(options.target)}: ${why}`).join('\n') };
    }
    // A client that could not connect while another did is a finding about the server, not a reason to stop.
    const notConnected = [...failed].map(([client, why]) => finding('connect-failed', `${client} could not connect to ${describe(options.target)}: ${why}`, client));
    const outcome = await checkConnected(options, clients, connections, failed, notConnected, progress);
    return outcome.ok && runs ? { ok: true, result: { ...outcome.result, clients: runs } } : outcome;
  } finally {
    await Promise.all(connections.map((c) => c.close()));
  }
}

async function checkConnected(options: RunOptions, asked: Clients, connections: Connection[], failed: Map<CheckClient, string>, serverFindings: Finding[], progress: (line: string) => void): Promise<CheckOutcome> {
  const clients = byClient(connections);
  const server = connections[0]?.server ?? { name: '(unnamed)', version: '' };
  progress(`connected to ${server.name} ${server.version}; listing tools`);
  // A client that never connected is asked nothing: its exchange says why.
  const eachClient = async (request: (connection: Connection) => Promise<Exchange<unknown>>): Promise<PerClient<Exchange<unknown>>> => {
    const done = await Promise.all(asked.map(async (c) => [c, clients[c] ? await request(clients[c]) : absent(failed.get(c) ?? 'no connection')] as const));
    return Object.fromEntries(done) as PerClient<Exchange<unknown>>;
  };
  const lists = await eachClient((c) => c.listTools());
  const tools = listedTools(asked, lists);
  if (typeof tools === 'string') return { ok: false, error: tools };
  const listRefused = Object.fromEntries(
    asked.map((c) => {
      const list = lists[c] as Exchange<unknown>;
      return [c, list.outcome.ok || list.absent !== undefined ? null : list.outcome.message];
    }),
  ) as ListOutcomes;
  const unknown = options.calls.filter((call) => !tools.some((t) => t.name === call.tool)).map((call) => call.tool);
  if (unknown.length > 0) return { ok: false, error: `the server lists no tool named ${[...new Set(unknown)].join(', ')} (it lists: ${tools.map((t) => t.name).join(', ') || 'none'})` };

  const records: ToolRecord[] = [];
  const foundByTool = new Map<string, Found[]>();
  for (const tool of tools) {
    const record: ToolRecord = { name: tool.name, outputSchema: tool.outputSchema ?? null, inputSchema: tool.inputSchema ?? null, findings: [], calls: [] };
    const found: Found[] = [];
    for (const call of options.calls.filter((c) => c.tool === tool.name)) {
      progress(`calling ${tool.name}(${JSON.stringify(call.arguments)})`);
      const exchanges = await eachClient((c) => c.callTool(tool.name, call.arguments));
      const judged = judgeCall(tool, call.arguments, exchanges, listRefused);
      record.calls.push(judged.record);
      found.push(...judged.findings);
    }
    const sample = { output: record.calls[0]?.structuredContent ?? {}, input: record.calls[0]?.arguments ?? {} };
    found.unshift(...schemaFindings(tool, listRefused, sample));
    records.push(record);
    foundByTool.set(tool.name, found);
  }
  const unexplained = unexplainedListRefusals(listRefused, [...foundByTool.values()].flat());
  for (const record of records) {
    const found = [...unexplained, ...(foundByTool.get(record.name) ?? [])];
    record.findings = found.map(({ linkCase, ...f }) => {
      const link = linkCase ? linkFor(options.playground, linkCase) : undefined;
      return link ? { ...f, link } : f;
    });
  }
  return { ok: true, result: { server, findings: serverFindings, tools: records, summary: summaryOf(serverFindings, records) } };
}

/** The exchange of a client that has no connection. */
function absent(why: string): Exchange<unknown> {
  return { outcome: { ok: false, message: why }, raw: [], validated: 0, listChanged: 0, absent: why };
}

/** The tools as the server listed them, read off the connection (every page), or why there are none to check. */
function listedTools(asked: Clients, lists: PerClient<Exchange<unknown>>): ListedTool[] | string {
  const pages = asked.map((c) => lists[c]?.raw ?? []).find((raw) => raw.length > 0);
  if (!pages) return `no client got an answer to tools/list: ${asked.map((c) => `${c}: ${lists[c]?.outcome.ok !== false ? 'no answer' : (lists[c]?.outcome as { message: string }).message}`).join('; ')}`;
  const refused = pages.find((p) => 'error' in p);
  if (refused && 'error' in refused) return `the server answered tools/list with an error: ${JSON.stringify(refused.error)}`;
  const tools: ListedTool[] = [];
  for (const page of pages) {
    const listed = 'result' in page && isSchemaNode(page.result) ? page.result['tools'] : undefined;
    if (!Array.isArray(listed)) return `the server's tools/list answer has no tools array: ${JSON.stringify(page).slice(0, 200)}`;
    for (const t of listed) if (isSchemaNode(t) && typeof t['name'] === 'string') tools.push(t as unknown as ListedTool);
  }
  return tools;
}

/** The packages an opt-in client ran: the Python client's as it reported them, the beta's as bundled. */
function versionsOf(client: OptInClient, connections: Connection[]): Record<string, string | null> {
  const reported = connections.find((c) => c.client === client)?.versions;
  if (reported) return reported;
  return client === 'python-sdk' ? {} : { '@modelcontextprotocol/client': SDK_VERSION[client] };
}

function byClient(connections: Connection[]): { [K in CheckClient]?: Connection } {
  return Object.fromEntries(connections.map((c) => [c.client, c])) as { [K in CheckClient]?: Connection };
}
