/**
 * A MessagePort transport: the SDKs' `Transport` (start/send/close, onmessage/onclose/onerror, the same interface in
 * @modelcontextprotocol/sdk 1.x and @modelcontextprotocol/server/client 2.x) over one end of a MessageChannel. The
 * published server runs on one end, in the schema's realm; the published client on the other, in the client realm
 * (src/sandbox/clientRealm.ts; in Node, beside it over Node's MessageChannel). Each message is structured-cloned by
 * the port, so the client gets data, never an object of the server's realm: the values InMemoryTransport handed over
 * by reference, equal key for key (order, `-0`, an own `__proto__` key included).
 */
import { postDeep, readDeep } from '../lib/deep-post.ts';

/** The slice of a MessagePort (the DOM's and node:worker_threads' alike) the transport uses. */
export interface PortLike {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

/** What goes over the port: a JSON-RPC message, or the other end closing (a closed MessagePort tells its peer nothing). */
type Envelope = { message: unknown } | { closed: true };

/** One end of the wire; messages that arrive before `start` wait in the port, as they would in a pipe. */
export class PortTransport {
  onmessage?: (message: never, extra?: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private closed = false;

  constructor(private readonly port: PortLike) {}

  async start(): Promise<void> {
    this.port.onmessage = (event) => {
      const envelope = readDeep(event.data) as Envelope | null;
      if (typeof envelope !== 'object' || envelope === null) return;
      if ('closed' in envelope) this.end();
      else if ('message' in envelope) this.onmessage?.(envelope.message as never);
    };
  }

  async send(message: unknown): Promise<void> {
    if (this.closed) throw new Error('Not connected');
    // A value the port cannot clone (a function, a symbol) throws here, as JSON.stringify would over stdio; one nested
    // deeper than the clone goes is sent flattened (lib/deep-post.ts).
    postDeep((m) => this.port.postMessage(m), { message } satisfies Envelope);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.port.postMessage({ closed: true } satisfies Envelope);
    } catch {
      // The port is already gone: the peer learns nothing more either way.
    }
    this.end();
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.onmessage = null;
    this.port.close();
    this.onclose?.();
  }
}

/** A linked pair of port transports over a new MessageChannel: the server's end and the client's port. */
export function portPair(): { server: PortTransport; clientPort: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  return { server: new PortTransport(port1 as unknown as PortLike), clientPort: port2 };
}
