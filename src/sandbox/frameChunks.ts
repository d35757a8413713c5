/**
 * The sandbox frame's engine chunks: the texts the app sent, kept for every later worker (the frame cannot fetch them
 * itself), and the workers waiting for some, answered once all the names they asked for are here.
 */
import type { ChunkTexts } from './protocol.ts';

export interface ChunkRelay<S> {
  /** A worker asks for chunks: answered from the texts kept, or the app is asked for those missing. */
  need(slot: S, names: unknown): void;
  /** The app's texts (or why they could not be fetched): answers every waiting worker it completes. */
  answer(m: ChunkTexts): void;
}

export function chunkRelay<S>(on: { live(slot: S): boolean; post(slot: S, m: ChunkTexts): void; ask(names: string[]): void }): ChunkRelay<S> {
  const texts = new Map<string, string>();
  let waiters: Array<{ slot: S; names: string[] }> = [];
  const settle = (m: ChunkTexts | null) => {
    if (m && 'texts' in m) m.names.forEach((n, i) => typeof m.texts[i] === 'string' && texts.set(n, m.texts[i]));
    const failed = m && 'error' in m ? m : null;
    waiters = waiters.filter(({ slot, names }) => {
      if (!on.live(slot)) return false;
      const got = names.map((n) => texts.get(n));
      const reply: ChunkTexts | null = failed && names.some((n) => failed.names.includes(n))
        ? { type: 'chunks', names, error: failed.error }
        : got.every((t) => t !== undefined) ? { type: 'chunks', names, texts: got as string[] } : null;
      if (reply) on.post(slot, reply);
      return reply === null;
    });
  };
  return {
    need(slot, names) {
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return;
      waiters.push({ slot, names });
      const missing = names.filter((n) => !texts.has(n));
      if (missing.length > 0) on.ask(missing);
      else settle(null);
    },
    answer: settle,
  };
}
