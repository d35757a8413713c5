/**
 * The sandbox frame's engine chunks: the texts the app sent, kept for every later worker (the frame cannot fetch them
 * itself). A need for names not all kept asks the app for the missing ones under a correlator id (correlator.ts) and
 * resolves once its answer is in.
 */
import { createCorrelator } from './correlator.ts';
import type { ChunkTexts, FrameEvent } from './protocol.ts';

export interface ChunkRelay {
  /** The texts of `names`, in order: from those kept, or once the app answered for the missing ones (rejects with its error). */
  need(names: readonly string[]): Promise<string[]>;
  /** The app's answer to one `need-chunks` (the texts, or why they could not be fetched). */
  answer(m: ChunkTexts): void;
}

/** A relay that asks the app with `ask` (the frame's post to it). */
export function chunkRelay(ask: (m: Extract<FrameEvent, { type: 'need-chunks' }>) => void): ChunkRelay {
  const texts = new Map<string, string>();
  const asked = createCorrelator<ChunkTexts>();
  return {
    async need(names) {
      const missing = names.filter((n) => !texts.has(n));
      if (missing.length > 0) {
        const m = await asked.ask((id) => ask({ type: 'need-chunks', id, names: missing }));
        if ('error' in m) throw new Error(m.error);
        m.names.forEach((n, i) => typeof m.texts[i] === 'string' && texts.set(n, m.texts[i]));
      }
      const got = names.map((n) => texts.get(n));
      if (!got.every((t) => t !== undefined)) throw new Error('the engine part arrived incomplete');
      return got;
    },
    answer: (m) => void asked.resolve(m.id, m),
  };
}
