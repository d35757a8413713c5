/**
 * Records what the real v2 packages (@modelcontextprotocol/server + client 2.4.0, as installed) do with each case of
 * test/eras.cases.ts in both protocol eras: run by hand (`npx tsx test/record-eras.ts`), not in CI. The 2025-11-25 run is
 * the client's default negotiation; the 2026-07-28 run serves the tool through `serveStdio(factory, { transport })` with
 * one end of InMemoryTransport.createLinkedPair() and pins the client to 2026-07-28 (a hand-connected McpServer never
 * offers the modern era). Both serve through the same entry, so only the negotiation differs. Writes test/fixtures/eras/v2-2.4.0.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Client } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import * as z from 'zod';
import { PROTOCOL_IDS, type Protocol } from '../src/engine/contract/versions.ts';
import { ERA_CASES, type EraCase } from './eras.cases.ts';
import type { RecordedRun } from './record-worlds.ts';

/** What the v2 SDK did with one case in one era (test/record-worlds.ts's run, and the version it negotiated). */
export interface EraRun extends RecordedRun {
  protocol: string | null;
}

type Result = { structuredContent?: unknown; isError?: boolean; content: Array<{ type: string; text?: string }> };

async function run(c: EraCase, protocol: Protocol): Promise<EraRun> {
  const schema = new Function('z', c.schema.replace(/export default /, 'return ')) as (zod: typeof z) => z.ZodType;
  const answer = JSON.parse(c.answer) as unknown;
  const result = (c.answerForm === 'result' ? answer : { structuredContent: answer, content: [{ type: 'text', text: c.answer }] }) as Result;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(
    () => {
      const server = new McpServer({ name: 'mcp-schema-playground', version: '1.0.0' });
      server.registerTool('my_tool', { outputSchema: schema(z) }, () => result as never);
      return server;
    },
    { transport: serverSide },
  );
  const pin = protocol === '2026-07-28' ? { versionNegotiation: { mode: { pin: protocol } } } : {};
  const client = new Client({ name: 'mcp-schema-playground', version: '1.0.0' }, { jsonSchemaValidator: new AjvJsonSchemaValidator(), ...pin });
  const out: EraRun = { protocol: null, listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: null };
  try {
    await client.connect(clientSide);
    out.protocol = client.getNegotiatedProtocolVersion() ?? null;
    try {
      out.listed = (await client.listTools()).tools[0]?.outputSchema ?? null;
    } catch (e) {
      out.listError = (e as Error).message;
    }
    try {
      const r = (await client.callTool({ name: 'my_tool', arguments: {} })) as Result;
      out.structuredContent = r.structuredContent ?? null;
      out.isError = r.isError === true;
      out.text = r.content.find((b) => b.type === 'text')?.text ?? null;
    } catch (e) {
      out.callError = (e as Error).message;
    }
  } finally {
    await client.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
  }
  return out;
}

const cases = [];
for (const c of ERA_CASES) {
  const eras: Record<string, EraRun> = {};
  for (const protocol of PROTOCOL_IDS) eras[protocol] = await run(c, protocol);
  cases.push({ case: c, eras });
}
writeFileSync(join(import.meta.dirname, 'fixtures', 'eras', 'v2-2.4.0.json'), `${JSON.stringify({ server: '2.4.0', client: '2.4.0', cases }, null, 2)}\n`);
process.stdout.write(`${cases.length} cases × ${PROTOCOL_IDS.length} eras\n`);
process.exit(0);
