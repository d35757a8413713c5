/**
 * An MCP server of @modelcontextprotocol/sdk 1.32.2 over stdio with the fixture tools (tools.mjs). `--exit`: exits at
 * start; `--silent`: never answers; `--array-root`: a low-level Server that lists a JSON Schema with an array root
 * beside an honest tool (McpServer never lists one); `--once FILE`: only the first process started with FILE serves,
 * the others exit at start (so one client connects and the others cannot).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { closeSync, openSync } from 'node:fs';
import { z } from 'zod';
import { register } from './tools.mjs';

if (process.argv.includes('--exit')) {
  process.stderr.write('fixture server: refusing to start\n');
  process.exit(3);
}
const once = process.argv.indexOf('--once');
if (once !== -1) {
  // Serves only the first process started with this lock file (each stdio client starts one): the others exit at start.
  try {
    closeSync(openSync(process.argv[once + 1], 'wx'));
  } catch {
    process.stderr.write('fixture server: another client already has this server\n');
    process.exit(3);
  }
}
if (process.argv.includes('--silent')) {
  // Reads its input and never answers (keeps the process alive until stdin closes).
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
} else if (process.argv.includes('--array-root')) {
  const server = new Server({ name: 'fixture-v1-array-root', version: '1.0.0' }, { capabilities: { tools: {} } });
  const user = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'get_user', inputSchema: { type: 'object' }, outputSchema: user },
      { name: 'list_users', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: user } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const structuredContent = params.name === 'get_user' ? { id: 'u1' } : [{ id: 'u1' }];
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  });
  await server.connect(new StdioServerTransport());
} else {
  const server = new McpServer({ name: 'fixture-v1-stdio', version: '1.0.0' });
  register(server, z);
  await server.connect(new StdioServerTransport());
}
