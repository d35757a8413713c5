/**
 * An MCP server of @modelcontextprotocol/server 2.4.0 over Streamable HTTP on 127.0.0.1 with the fixture tools
 * (tools.mjs): its fetch-style createMcpHandler bridged to node:http by @hono/node-server. Prints `listening <port>`.
 */
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { register } from './tools.mjs';

/** Starts the server on a free port of 127.0.0.1; resolves with its /mcp URL and a close. */
export async function startV2Http() {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'fixture-v2-http', version: '2.0.0' });
    register(server, z);
    return server;
  });
  const http = createServer(getRequestListener((request) => handler.fetch(request)));
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startV2Http();
  process.stdout.write(`listening ${url}\n`);
}
