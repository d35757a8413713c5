/**
 * The findings of one listed tool and each client's verdict on each real answer. Pure: takes what the clients and the
 * transports reported (connect.ts), returns plain data.
 */
import type { Json, JsonSchema } from '../engine/report.ts';
import { isSchemaNode } from '../engine/lib/schema-walk.ts';
import { SDK_VERSION, type Exchange, type RawAnswer } from './connect.ts';
import { compileError, dialectRead } from './client-checks.ts';
import { ALL_CLIENTS, CHECK_CLIENTS, finding, type CallRecord, type CallVerdict, type CheckClient, type DefaultClient, type Finding, type PerClient } from './findings.ts';
import { closedObjects, declaredDialect, defaultsRequired, dialectSensitive, nonObjectRoot, typeUnions, unresolvableRefs, untypedSchemas } from './schema-checks.ts';
import type { LinkCase } from './link.ts';

/** A tool as tools/list lists it (raw, off the connection). */
export interface ListedTool {
  name: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}

/** A finding and the case its link opens (findings without one have no link). */
export type Found = Finding & { linkCase?: LinkCase };

/** Each client's outcome of tools/list: null when it accepted the listing, else its exact message. */
export type ListOutcomes = PerClient<string | null>;

/** The client a link opens the playground with: the one the finding names when the playground has it (not the opt-in ones). */
function linkClient(client: CheckClient | undefined): { client?: DefaultClient } {
  const known = CHECK_CLIENTS.find((c) => c === client);
  return known ? { client: known } : {};
}

/** The clients of a run, in order: those a per-client record has an entry for. */
function clientsOf(perClient: PerClient<unknown>): CheckClient[] {
  return ALL_CLIENTS.filter((c) => perClient[c] !== undefined);
}

const ROLES = [
  ['output', 'outputSchema'],
  ['input', 'inputSchema'],
] as const;

/** What the listing of one tool says, under each client. `sample` is the answer (or arguments) a link shows for each role. */
export function schemaFindings(tool: ListedTool, listRefused: ListOutcomes, sample: { output: Json; input: Json }): Found[] {
  const out: Found[] = [];
  for (const [role, key] of ROLES) {
    const listed = tool[key];
    if (listed === undefined) continue;
    const at = (pointer: string) => `${key}${pointer === '/' ? '' : pointer}`;
    const link: LinkCase = { tool: tool.name, role, listed, answer: sample[role] };
    const add = (f: Finding) => out.push({ ...f, linkCase: { ...link, ...linkClient(f.client) } });
    const root = nonObjectRoot(listed);
    if (root !== null) {
      const refusing = clientsOf(listRefused).filter((c) => listRefused[c] !== null);
      const said = refusing.map((c) => `${c}: ${listRefused[c]}`).join('; ');
      add(finding('non-object-root', `${key} has a non-object root (type ${root}); MCP lists objects${said ? `, and the clients refuse tools/list: ${said}` : ''}.`));
    }
    for (const { at: p, ref } of unresolvableRefs(listed)) add(finding('unresolvable-ref', `${at(p)}: "${ref}" points nowhere in the schema; Ajv refuses to compile it and @cfworker/json-schema throws when it reaches it.`));
    const declared = declaredDialect(listed);
    const sensitive = dialectSensitive(listed);
    for (const client of clientsOf(listRefused)) {
      const refused = compileError(client, listed, tool.name, role);
      if (refused !== null && refused.dialect) add(finding('dialect-refused', `${key} declares ${declared} ("$schema": ${JSON.stringify(isSchemaNode(listed) ? listed['$schema'] : null)}), which ${client} refuses: every call of ${tool.name} fails there with ${refused.message}`, client));
      else if (refused !== null) add(finding('does-not-compile', `${key} does not compile in ${client}: ${refused.message}`, client));
      const reads = dialectRead(client, declared);
      if (refused === null && reads !== 'refused' && !sameDialect(reads, declared) && sensitive.length > 0) {
        const words = sensitive.map((s) => `${s.keyword} (${at(s.at)})`).join(', ');
        add(finding('dialect-mismatch', `${key} declares ${declared}${isSchemaNode(listed) && listed['$schema'] === undefined ? ' (no $schema: the MCP default)' : ''}, but ${client} validates it as ${reads}; these keywords read differently there: ${words}.`, client));
      }
    }
    if (role === 'output') {
      const closed = closedObjects(listed);
      if (closed.length > 0) add(finding('closed-object', `${key} lists ${closed.length === 1 ? 'an object' : `${closed.length} objects`} closed (additionalProperties: false) at ${closed.map(at).join(', ')}: one key the schema does not declare in an answer, and every strict client refuses it.`));
    }
    const untyped = untypedSchemas(listed);
    if (untyped.length > 0) {
      const where = untyped.map(at).join(', ');
      add(finding('untyped-schema', `${key} has ${untyped.length === 1 ? 'a schema' : `${untyped.length} schemas`} with no type (any JSON value passes) at ${where}: a client or model that builds ${role === 'output' ? 'on the answer' : 'the arguments'} from the schema has nothing to go on. Give each a type (or an enum, const, $ref).`));
    }
    const unions = typeUnions(listed);
    if (unions.length > 0) {
      const where = unions.map((u) => `${at(u.at)} ${JSON.stringify(u.types)}`).join(', ');
      add(finding('type-union', `${key} gives \`type\` as an array at ${where}: schema converters and tool-calling formats that take one type string per schema may drop or refuse it. anyOf of single types (or one type) carries the same meaning portably.`));
    }
    const defaults = defaultsRequired(listed);
    if (defaults.length > 0) {
      const keys = defaults.map((d) => `${d.key} (${at(d.at)})`).join(', ');
      add(finding('default-required', `${key} lists ${defaults.length === 1 ? 'a key that has a default' : 'keys that have a default'} as required: ${keys}. ${role === 'output' ? 'An answer that leaves it out (the server fills defaults only in its own parse, and ships the raw answer) fails every strict client.' : 'A client must send it although the server would fill it in.'}`));
    }
  }
  return out;
}

/** A tools/list refusal no per-tool finding explains (e.g. a wire check of the whole list): one finding per client, on every tool. */
export function unexplainedListRefusals(listRefused: ListOutcomes, found: Found[]): Found[] {
  return clientsOf(listRefused).filter((c) => listRefused[c] !== null && !found.some((f) => (f.client === c || f.id === 'non-object-root') && f.severity === 'error')).map((c) =>
    finding('list-refused', `${c} refuses the server's tools/list: ${listRefused[c]}`, c),
  );
}

/** What one call came to: the server's answer under every client. */
export function judgeCall(tool: ListedTool, args: Json, exchanges: PerClient<Exchange<unknown>>, listRefused: ListOutcomes): { record: CallRecord; findings: Found[] } {
  const clients = clientsOf(exchanges);
  const exchangeOf = (c: CheckClient) => exchanges[c] as Exchange<unknown>;
  const raw = clients.map((c) => exchangeOf(c).raw.at(-1)).find((r): r is RawAnswer => r !== undefined);
  const call = `${tool.name}(${JSON.stringify(args)})`;
  const none: CallVerdict = { valid: null, message: null };
  const result = raw && 'result' in raw && isSchemaNode(raw.result) ? raw.result : null;
  if (!result) {
    const why = raw && 'error' in raw ? `the server answered with an error: ${errorText(raw.error)}` : `no answer came: ${clients.map((c) => `${c}: ${outcomeText(exchangeOf(c))}`).join('; ')}`;
    const verdicts = Object.fromEntries(clients.map((c) => [c, none])) as CallRecord['verdicts'];
    return { record: { arguments: args, isError: false, structuredContent: null, verdicts }, findings: [finding('call-failed', `${call}: ${why}`)] };
  }
  const isError = result['isError'] === true;
  const hasContent = Object.hasOwn(result, 'structuredContent');
  const structuredContent = hasContent ? (result['structuredContent'] as Json) : null;
  const verdicts = {} as CallRecord['verdicts'];
  const findings: Found[] = [];
  const listed = tool.outputSchema;
  // The link shows the whole result when the clients' verdict turns on isError or on a missing structuredContent.
  const whole = isError || !hasContent;
  const link = listed === undefined ? undefined : { tool: tool.name, role: 'output' as const, listed, answer: whole ? (result as Json) : structuredContent, ...(whole ? { whole } : {}) };
  for (const client of clients) {
    const exchange = exchangeOf(client);
    const outcome = exchange.outcome;
    const listError = listRefused[client] ?? null;
    let verdict: CallVerdict;
    if (exchange.absent !== undefined) verdict = { valid: null, message: `${client} did not connect: ${exchange.absent}` };
    else if (listError !== null) verdict = { valid: false, message: listError };
    else if (!outcome.ok) verdict = { valid: false, message: outcome.message };
    // Valid only when the client's own validator ran on this answer and the client returned it.
    else if (exchange.validated > 0) verdict = { valid: true, message: null };
    // Not validated for the reasons the SDKs document: no outputSchema, or an isError result (v2 skips it, v1 one without structuredContent).
    else if (listed === undefined || isError) verdict = none;
    else verdict = { valid: null, message: notValidated(client, tool.name, exchange) };
    verdicts[client] = verdict;
    if (verdict.valid === false) findings.push({ ...finding('call-refused', `${client} refuses the answer of ${call}: ${verdict.message}`, client), ...(link ? { linkCase: { ...link, ...linkClient(client) } } : {}) });
    if (verdict.valid === null && verdict.message !== null && exchange.absent === undefined) findings.push(finding('not-validated', `${client} returned the answer of ${call} unvalidated (${verdict.message}).`, client));
  }
  if (isError) {
    const text = textOf(result);
    findings.push({ ...finding('call-is-error', `${call} answered isError${text ? `: ${text}` : ''}`), ...(link ? { linkCase: link } : {}) });
  }
  return { record: { arguments: args, isError, structuredContent, verdicts }, findings };
}

/**
 * Why a client that lists an outputSchema returned a non-isError answer without running its validator: it held no
 * validator for the tool when it called it. A 2.4.0 client keeps its validators with its cached tools/list, which a
 * `notifications/tools/list_changed` evicts (one that arrives while the listing is in flight stops it being kept).
 */
function notValidated(client: CheckClient, tool: string, exchange: Exchange<unknown>): string {
  const who = `client ${SDK_VERSION[client]}`;
  if (exchange.listChanged > 0) return `${who} did not validate: its listing was replaced by a list_changed notification`;
  return `${who} did not validate: it held no output validator for ${tool} when it called it`;
}

/** Draft-06 and draft-07 read the dialect-sensitive keywords alike (the v2 providers read draft-06 with their draft-07 engine). */
function sameDialect(a: string, b: string): boolean {
  const family = (d: string) => (d === 'draft-06' ? 'draft-07' : d);
  return family(a) === family(b);
}

function textOf(result: { [key: string]: Json }): string | null {
  const content = Array.isArray(result['content']) ? result['content'] : [];
  const block = content.find((b) => isSchemaNode(b) && b['type'] === 'text' && typeof b['text'] === 'string');
  return isSchemaNode(block) ? (block['text'] as string) : null;
}

function errorText(error: Json): string {
  return isSchemaNode(error) && typeof error['message'] === 'string' ? `${error['message']}${typeof error['code'] === 'number' ? ` (code ${error['code']})` : ''}` : JSON.stringify(error);
}

function outcomeText(exchange: Exchange<unknown>): string {
  return exchange.outcome.ok ? 'returned without an answer on the wire' : exchange.outcome.message;
}
