/**
 * An SDK 1.32.2 stdio server that, like @modelcontextprotocol/server-everything, sends
 * `notifications/tools/list_changed` while the client's first tools/list is in flight (before its answer). A 2.4.0
 * client then keeps no listing and validates no answer; a 1.32.2 client keeps the listing it got.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// serverInfo carries more than a name and version, as published servers' often does.
const info = { name: 'fixture-list-changed', version: '1.0.0', title: 'List changed', description: 'A fixture', websiteUrl: 'https://example.com/' };
const server = new Server(info, { capabilities: { tools: { listChanged: true } } });
const closed = (properties) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const TOOLS = [
  // Honest: the answer matches the listing.
  { name: 'get_user', inputSchema: { type: 'object' }, outputSchema: closed({ id: { type: 'string' }, name: { type: 'string' } }) },
  // An undeclared key: a client that validates refuses it.
  { name: 'get_invoice', inputSchema: { type: 'object' }, outputSchema: closed({ id: { type: 'string' }, total: { type: 'number' } }) },
];
const ANSWERS = { get_user: { id: 'u1', name: 'Ada' }, get_invoice: { id: 'i1', total: 12, costCenter: 'CC-7' } };
let listed = 0;
server.setRequestHandler(ListToolsRequestSchema, async () => {
  listed += 1;
  if (listed === 1) await server.sendToolListChanged();
  return { tools: TOOLS };
});
server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
  const structuredContent = ANSWERS[params.name];
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
});
await server.connect(new StdioServerTransport());
