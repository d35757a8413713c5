/**
 * The SDK session pool an engine session owns (engine/session.ts): a connected pair is kept per key (schema object,
 * SDK major and surface, tool, role, answer form, era) for the next run, as the answer editor re-evaluates the same
 * schema on every keystroke. Runs on one session take turns; a run that times out closes it.
 */

/** How long one real run may take before it is reported as a call error. */
export const RUN_TIMEOUT_MS = 5000;

/** Open sessions kept (least recently used first). Each holds a small server and client; the UI needs two per schema. */
export const MAX_SESSIONS = 8;

/** What a pool keeps: anything it can close, and that may say it can no longer be used (its client's realm was ended). */
export interface Closable {
  alive?(): boolean;
  close(): Promise<void>;
}

/** A session under its key, with the tail of the runs waiting for it. */
interface Entry {
  key: readonly unknown[];
  open: () => Promise<Closable>;
  session: Promise<Closable> | null;
  queue: Promise<unknown>;
  /** Set when a run timed out: the session was closed, runs still queued on it open a new one. */
  broken: boolean;
}

/** The sessions of one engine session, least recently used first (at most MAX_SESSIONS). */
export interface SessionPool {
  /**
   * Runs `use` on the session under `key` (its parts compared with ===), opening one with `open` if needed; runs on
   * one session take turns. Resolves false when the run (opening included) did not finish in time; the session is
   * then closed and forgotten.
   */
  withSession<S extends Closable>(key: readonly unknown[], open: () => Promise<S>, use: (s: S) => Promise<void>): Promise<boolean>;
  /** Closes every session (after the runs queued on it). */
  close(): Promise<void>;
}

/** A new, empty pool. */
export function sessionPool(): SessionPool {
  const entries: Entry[] = [];
  const pool: SessionPool = {
    withSession<S extends Closable>(key: readonly unknown[], open: () => Promise<S>, use: (s: S) => Promise<void>): Promise<boolean> {
      const entry = acquire(entries, key, open);
      const turn = entry.queue.then(() => (entry.broken ? pool.withSession(key, open, use) : runTimed(entries, entry, use as (s: Closable) => Promise<void>)));
      entry.queue = turn.catch(() => undefined);
      return turn;
    },
    async close() {
      const all = entries.splice(0);
      await Promise.all(all.map((e) => e.queue.then(() => closeEntry(e))));
    },
  };
  return pool;
}

async function runTimed(entries: Entry[], entry: Entry, use: (s: Closable) => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (async () => {
    // A session whose client is gone (the sandbox ended its client realm and started another) is opened again.
    if (entry.session && !(await entry.session.then((s) => s.alive?.() !== false, () => true))) await closeEntry(entry);
    entry.session ??= entry.open();
    await use(await entry.session);
    return true;
  })();
  run.catch(() => undefined);
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RUN_TIMEOUT_MS);
  });
  try {
    const done = await Promise.race([run, timeout]);
    // Closing also rejects whatever is still pending, so a timed-out run settles instead of lingering.
    if (!done) await discard(entries, entry);
    return done;
  } catch (e) {
    await discard(entries, entry);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** The entry for this key, most recently used; a new one evicts the least recently used beyond MAX_SESSIONS. */
function acquire(entries: Entry[], key: readonly unknown[], open: () => Promise<Closable>): Entry {
  const at = entries.findIndex((e) => e.key.length === key.length && e.key.every((part, i) => part === key[i]));
  if (at >= 0) {
    const [hit] = entries.splice(at, 1) as [Entry];
    entries.push(hit);
    return hit;
  }
  const entry: Entry = { key, open, session: null, queue: Promise.resolve(), broken: false };
  entries.push(entry);
  while (entries.length > MAX_SESSIONS) {
    const old = entries.shift() as Entry;
    // Runs already queued on it finish first; nothing new can join it.
    old.queue = old.queue.then(() => closeEntry(old));
  }
  return entry;
}

/** Forgets and closes a session after a failed or timed-out run. */
async function discard(entries: Entry[], entry: Entry): Promise<void> {
  entry.broken = true;
  const at = entries.indexOf(entry);
  if (at >= 0) entries.splice(at, 1);
  await closeEntry(entry);
}

async function closeEntry(entry: Entry): Promise<void> {
  const session = entry.session;
  entry.session = null;
  await session?.then((s) => s.close()).catch(() => undefined);
}
