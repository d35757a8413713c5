/**
 * A stdio MCP server with one tool and fixed answers, written as raw JSON-RPC lines: argv[2] is JSON
 * {"tool", "listing", "result"}; it lists `listing` as the tool's outputSchema (none when null) and answers every
 * tools/call with `result`, as JSON.stringify writes them (the bytes a TypeScript server puts on the wire). The
 * python-sdk evaluate oracle's server: nothing of the playground's own Python side is in it.
 */
import { createInterface } from 'node:readline';

const { tool, listing, result } = JSON.parse(process.argv[2]);
const entry = { name: tool, inputSchema: { type: 'object' }, ...(listing === null ? {} : { outputSchema: listing }) };
const answers = {
  initialize: (params) => ({ protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fixed', version: '1.0.0' } }),
  'tools/list': () => ({ tools: [entry] }),
  'tools/call': () => result,
  ping: () => ({}),
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const answer = Object.hasOwn(answers, message.method) ? { result: answers[message.method](message.params ?? {}) } : { error: { code: -32601, message: 'Method not found' } };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, ...answer })}\n`);
});
