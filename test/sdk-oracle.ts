/**
 * The real clients as an oracle: a scripted server on the SDK's InMemoryTransport lists one tool with whatever
 * outputSchema we give and answers tools/call with whatever result we give; we record what the real client throws.
 */
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import type { ClientId } from '../src/engine/contract/catalog.ts';

export interface OracleOutcome {
  listError: string | null;
  callError: string | null;
}

interface Message {
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string };
}
interface Transport {
  onmessage?: (m: Message) => void;
  start(): Promise<void>;
  send(m: object): Promise<void>;
}
interface AnyClient {
  connect(t: unknown): Promise<void>;
  listTools(): Promise<unknown>;
  callTool(p: { name: string; arguments: object }): Promise<unknown>;
  close(): Promise<void>;
}

/** What the real client of `id` throws for this listing and result (null: it accepted). */
export async function askRealClient(id: ClientId, listed: unknown, result: { structuredContent?: unknown; isError?: boolean }, tool = 'tool'): Promise<OracleOutcome> {
  const [clientSide, serverSide] = (id === 'sdk-v1' ? InMemoryTransportV1.createLinkedPair() : InMemoryTransportV2.createLinkedPair()) as unknown as [Transport, Transport];
  serverSide.onmessage = (m) => {
    if (m.id === undefined) return;
    const answers: Record<string, object> = {
      initialize: { protocolVersion: m.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'oracle', version: '1' } },
      'tools/list': { tools: [{ name: tool, inputSchema: { type: 'object' }, ...(listed === null ? {} : { outputSchema: listed }) }] },
      'tools/call': { content: [], ...result },
    };
    void serverSide.send({ jsonrpc: '2.0', id: m.id, result: answers[m.method ?? ''] ?? {} });
  };
  await serverSide.start();
  const info = { name: 'oracle-client', version: '1' };
  const client = (
    id === 'sdk-v1'
      ? new ClientV1(info)
      : new ClientV2(info, { jsonSchemaValidator: id === 'sdk-v2-node' ? new AjvJsonSchemaValidator() : new CfWorkerJsonSchemaValidator() })
  ) as unknown as AnyClient;
  const out: OracleOutcome = { listError: null, callError: null };
  await client.connect(clientSide);
  try {
    await client.listTools();
  } catch (e) {
    out.listError = (e as Error).message;
  }
  try {
    await client.callTool({ name: tool, arguments: {} });
  } catch (e) {
    out.callError = (e as Error).message;
  }
  await client.close();
  return out;
}
