/**
 * The session pool: a connected pair is kept per (schema object, SDK major, tool, role) for the next run, as the answer
 * editor re-evaluates the same schema on every keystroke. Runs on one session take turns; a run that times out closes it.
 */
import type { LoadedCase } from '../types.ts';
import { quietly } from './quiet.ts';
import { open, type Session } from './session.ts';
import type { RealSdkId } from '../contract/catalog.ts';

/** How long one real run may take before it is reported as a call error. */
export const RUN_TIMEOUT_MS = 5000;

/** A session under its key (schema object, SDK major, tool, role), with the tail of the runs waiting for it. */
interface Entry {
  schema: LoadedCase['schema'];
  version: RealSdkId;
  /** The world's SDK surface (two worlds can share a schema object: same zod, other SDK). */
  api: unknown;
  answerForm: LoadedCase['answerForm'];
  protocol: LoadedCase['protocol'];
  tool: string;
  role: LoadedCase['role'];
  session: Promise<Session> | null;
  queue: Promise<unknown>;
  /** Set when a run timed out: the session was closed, runs still queued on it open a new one. */
  broken: boolean;
}

/** Open sessions kept (least recently used first). Each holds a small server and client; the UI needs two per schema. */
export const MAX_SESSIONS = 8;
const entries: Entry[] = [];

/**
 * Runs `use` on the session for this schema, opening one if needed; runs on one session take turns. Resolves false
 * when the run (opening included) did not finish in time; the session is then closed and forgotten.
 */
export async function withSession(version: RealSdkId, loaded: LoadedCase, use: (s: Session) => Promise<void>): Promise<boolean> {
  const entry = acquire(version, loaded);
  const turn = entry.queue.then(() => (entry.broken ? withSession(version, loaded, use) : quietly(() => runTimed(entry, loaded, use))));
  entry.queue = turn.catch(() => undefined);
  return turn;
}

async function runTimed(entry: Entry, loaded: LoadedCase, use: (s: Session) => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (async () => {
    entry.session ??= open(entry.version, loaded);
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
    if (!done) await discard(entry);
    return done;
  } catch (e) {
    await discard(entry);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** The entry for this key, most recently used; a new one evicts the least recently used beyond MAX_SESSIONS. */
function acquire(version: RealSdkId, loaded: LoadedCase): Entry {
  const api = version === 'v1' ? loaded.world?.v1 : loaded.world?.v2;
  const at = entries.findIndex(
    (e) => e.schema === loaded.schema && e.version === version && e.tool === loaded.tool && e.role === loaded.role && e.api === api && e.answerForm === loaded.answerForm && e.protocol === loaded.protocol,
  );
  if (at >= 0) {
    const [hit] = entries.splice(at, 1) as [Entry];
    entries.push(hit);
    return hit;
  }
  const entry: Entry = { schema: loaded.schema, version, api, answerForm: loaded.answerForm, protocol: loaded.protocol, tool: loaded.tool, role: loaded.role, session: null, queue: Promise.resolve(), broken: false };
  entries.push(entry);
  while (entries.length > MAX_SESSIONS) {
    const old = entries.shift() as Entry;
    // Runs already queued on it finish first; nothing new can join it.
    old.queue = old.queue.then(() => quietly(() => closeEntry(old)));
  }
  return entry;
}

/** Forgets and closes a session after a failed or timed-out run. */
async function discard(entry: Entry): Promise<void> {
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
