/**
 * A realm's requests for the parts of its bundle it lacks (the module runtime's fetcher, vite-plugins/engineBundle.ts):
 * the schema worker asks over its port, the client realm on its global; the frame relays to the app, which fetches
 * the texts from the build's own URLs. Each request goes under a correlator id (correlator.ts) and its ChunkTexts
 * answer echoes it; an answer for no waiting id (late, repeated, forged) is dropped.
 */
import { createCorrelator } from './correlator.ts';
import type { ChunkTexts } from './protocol.ts';

export interface ChunkRequests {
  /** The texts of `names`, in order, once the frame answered (rejects with its error). */
  fetch(names: string[]): Promise<string[]>;
  /** The frame's answer to one request: the texts, or why they could not be fetched. */
  answer(m: ChunkTexts): void;
}

export function chunkRequests(send: (message: { type: 'need-chunks'; id: number; names: string[] }) => void): ChunkRequests {
  const asked = createCorrelator<string[]>();
  return {
    fetch: (names) => asked.ask((id) => send({ type: 'need-chunks', id, names })),
    answer: (m) => {
      if ('texts' in m && m.texts.length === m.names.length) asked.resolve(m.id, m.texts);
      else asked.reject(m.id, new Error('error' in m ? m.error : 'the engine part arrived incomplete'));
    },
  };
}
