/**
 * `npx tsx test/record-import.ts`: records a real tools/list + tools/call exchange for the import tests. A real
 * @modelcontextprotocol/sdk (v1) McpServer with the Copilot example's invoice tool and a real Client talk over the SDK's
 * InMemoryTransport; every JSON-RPC message on the wire is captured as sent and written, in order, to
 * test/recorded/import-tools-pair.json. Never hand-edited: run this again to change it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { loadSchema } from '../src/engine/load.ts';
import { EXAMPLES } from '../src/examples/index.ts';

const example = EXAMPLES.find((e) => e.id === 'copilot-extra-key')!.case;
const loaded = loadSchema(example.schema, 'output');
if (!loaded.ok) throw new Error(loaded.error.message);
const answer = JSON.parse(example.answer) as Record<string, unknown>;

const messages: unknown[] = [];
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
for (const t of [clientSide, serverSide]) {
  const send = t.send.bind(t);
  t.send = async (message, options) => {
    messages.push(JSON.parse(JSON.stringify(message)));
    return send(message, options);
  };
}
const server = new McpServer({ name: 'invoice-server', version: '1.0.0' });
// SDK boundary: registerTool is generic over schema types known here only at runtime.
(server.registerTool as (name: string, config: object, handler: () => unknown) => unknown)(example.tool!, { outputSchema: loaded.schema }, () => ({
  structuredContent: answer,
  content: [{ type: 'text', text: JSON.stringify(answer) }],
}));
const client = new Client({ name: 'recorder', version: '1.0.0' });
await server.connect(serverSide);
await client.connect(clientSide);
await client.listTools();
// The v1 client refuses the result (the undeclared key): the server's reply is on the wire all the same.
await client.callTool({ name: example.tool!, arguments: {} }).catch(() => undefined);
await client.close();
await server.close();
const exchange = messages.filter((m) => {
  const method = (m as { method?: string }).method;
  return method === undefined || method.startsWith('tools/');
});
const out = { description: 'A real tools/list + tools/call exchange (JSON-RPC, as sent) recorded by test/record-import.ts from @modelcontextprotocol/sdk v1', messages: exchange };
writeFileSync(join(import.meta.dirname, 'recorded', 'import-tools-pair.json'), `${JSON.stringify(out, null, 2)}\n`);
process.exit(0);
