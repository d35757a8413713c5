/**
 * The client world of @modelcontextprotocol/client 2.0.0-beta.5 (`versions.server: '2.0.0-beta.5'`): the v2 clients'
 * checks and the v2 real run's client are the beta's, beside the default server. The oracle is the real beta Client
 * itself, connected to a real SDK 1.32.2 McpServer with the case's schema (which lists draft-07): the message of its
 * callTool is the verdict the world gives under SDK v1's listing, byte for byte.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client as BetaClient } from 'mcp-client-2-beta5';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { hasOwnClients, worldChunksFor } from '../src/engine/worlds/entries.ts';

const BETA = { zod: '4.6.7', sdk: '1.32.2', server: '2.0.0-beta.5' } as const;
const schema = 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  total: z.number(),\n});\n';
const answer = '{ "id": "inv_1", "total": 5, "costCenter": "CC-7" }';
const verdict = (r: Report, converter: 'mcp-sdk-v1' | 'mcp-sdk-v2' | 'zod', client: 'sdk-v2-node' | 'sdk-v2-browser') => r.converters[converter]?.policies.raw?.verdicts[client];

/** The real beta Client's callTool against a real SDK 1.32.2 server with the same schema: what it throws, or null. */
async function betaOracle(): Promise<string | null> {
  const server = new McpServer({ name: 'oracle', version: '1.0.0' });
  server.registerTool('get_invoice', { outputSchema: { id: z.string(), total: z.number() } }, async () => ({ content: [], structuredContent: JSON.parse(answer) }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new BetaClient({ name: 'oracle', version: '1.0.0' });
  await client.connect(clientSide);
  // A host lists the tools first: the client validates a call against the outputSchema it listed.
  await client.listTools();
  try {
    await client.callTool({ name: 'get_invoice', arguments: {} });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('the v2 client world 2.0.0-beta.5', () => {
  let beta: Report;
  let plain: Report;
  beforeAll(async () => {
    const c = { v: 1, tool: 'get_invoice', schema, answer };
    [beta, plain] = [await evaluate({ ...c, versions: BETA }), await evaluate(c)];
  }, 120_000);

  it('is a world of its own: it loads the beta client chunk only when picked, and the Report names the client', async () => {
    expect(hasOwnClients({ versions: BETA })).toBe(true);
    const chunks = worldChunksFor({ versions: BETA });
    expect(chunks).toHaveLength(1);
    expect(((await chunks[0]?.load()) as { Client: unknown }).Client).toBe(BetaClient);
    expect(worldChunksFor({ versions: { server: '2.4.0' } })).toEqual([]);
    expect(beta.versions).toMatchObject({ '@modelcontextprotocol/client': '2.0.0-beta.5', '@modelcontextprotocol/server': '2.4.0' });
    expect(plain.versions['@modelcontextprotocol/client']).toBe('2.4.0');
  });

  it("refuses SDK v1's draft-07 listing with the real beta client's own message, byte for byte", async () => {
    const said = await betaOracle();
    expect(said).toMatch(/^Tool 'get_invoice' has an invalid outputSchema: JSON Schema declares an unsupported dialect \("\$schema": "http:\/\/json-schema\.org\/draft-07\/schema#"\)\. The default validator supports JSON Schema 2020-12 only/);
    expect(verdict(beta, 'mcp-sdk-v1', 'sdk-v2-node')).toEqual({ valid: false, message: said });
    // Its browser provider (@cfworker/json-schema) refuses the dialect too, in its own words.
    expect(verdict(beta, 'mcp-sdk-v1', 'sdk-v2-browser')?.message).toMatch(/^Tool 'get_invoice' has an invalid outputSchema: JSON Schema declares an unsupported dialect .*pass an explicit \{ draft \}/);
    // 2.4.0 reads the same listing as draft-07 and judges the answer.
    expect(verdict(plain, 'mcp-sdk-v1', 'sdk-v2-node')?.message).toContain('must NOT have additional properties');
  });

  it('judges a 2020-12 listing as 2.4.0 does, and runs the real beta client in the v2 real run', () => {
    for (const client of ['sdk-v2-node', 'sdk-v2-browser'] as const) {
      expect(verdict(beta, 'mcp-sdk-v2', client)).toEqual(verdict(plain, 'mcp-sdk-v2', client));
      expect(verdict(beta, 'zod', client)).toEqual(verdict(plain, 'zod', client));
    }
    expect(verdict(beta, 'mcp-sdk-v2', 'sdk-v2-node')?.valid).toBe(false);
    // The v2 server lists 2020-12: the beta client accepts the listing and refuses the answer, as 2.4.0's does.
    expect(beta.realSdk.v2?.callError).toBe(plain.realSdk.v2?.callError);
    expect(beta.realSdk.v2?.callError).toContain('must NOT have additional properties');
  });
});
