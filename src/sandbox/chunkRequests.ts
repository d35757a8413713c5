/**
 * A realm's requests for the parts of its bundle it lacks (the module runtime's fetcher, vite-plugins/engineBundle.ts):
 * the schema worker asks over its port, the client realm on its global; the frame relays to the app, which fetches
 * the texts from the build's own URLs and answers ChunkTexts. One request per name list, answered in any order.
 */
import type { ChunkTexts } from './protocol.ts';

export function chunkRequests(send: (message: { type: 'need-chunks'; names: string[] }) => void): { fetch(names: string[]): Promise<string[]>; answer(m: ChunkTexts): void } {
  const waiting: Array<{ names: string; resolve(texts: string[]): void; reject(e: Error): void }> = [];
  return {
    fetch: (names) =>
      new Promise((resolve, reject) => {
        waiting.push({ names: names.join('\n'), resolve, reject });
        send({ type: 'need-chunks', names });
      }),
    answer: (m) => {
      const at = waiting.findIndex((w) => w.names === m.names.join('\n'));
      const [w] = at >= 0 ? waiting.splice(at, 1) : [];
      if (!w) return;
      if ('texts' in m && m.texts.length === m.names.length) w.resolve(m.texts);
      else w.reject(new Error('error' in m ? m.error : 'the engine part arrived incomplete'));
    },
  };
}
