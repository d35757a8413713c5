/** An MCP server of @modelcontextprotocol/sdk 1.32.2 over stdio with the fixture tools (tools.mjs). `--exit`: exits at start; `--silent`: never answers. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { register } from './tools.mjs';

if (process.argv.includes('--exit')) {
  process.stderr.write('fixture server: refusing to start\n');
  process.exit(3);
}
if (process.argv.includes('--silent')) {
  // Reads its input and never answers (keeps the process alive until stdin closes).
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
} else {
  const server = new McpServer({ name: 'fixture-v1-stdio', version: '1.0.0' });
  register(server, z);
  await server.connect(new StdioServerTransport());
}
