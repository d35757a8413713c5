/**
 * The app's line to the sandbox frame: a hidden `<iframe sandbox="allow-scripts">` (no allow-same-origin), its nonce,
 * and the worker script it boots with. Only messages from that frame's window carrying its nonce get through.
 */
import workerUrl, { chunkUrls, clientRealmUrl } from 'virtual:sandbox-worker-url';
import type { AppMessage, ChunkTexts, FrameMessage } from './protocol.ts';
import { messageOf } from '../engine/lib/message.ts';
import { helloWatch } from './frameFailure.ts';

/** What the evaluator hears from the channel. */
export interface ChannelEvents {
  /** An authenticated message from the frame (on `ready` the channel has started booting it). */
  message(m: FrameMessage): void;
  /** The frame booted and takes requests. */
  booted(): void;
  /** The worker script could not be fetched. */
  bootFailed(message: string): void;
  /** The frame loaded without saying hello: why (frameFailure.ts), for the requests pending and those to come. */
  frameFailed(message: string): void;
}

/** A mounted frame. */
export interface FrameChannel {
  /** Booted: a request posted now reaches the frame. */
  readonly booted: boolean;
  /** Why the current frame could not load (it loaded and never said hello), or null. */
  readonly failure: string | null;
  /** Posts to the frame (throws when `m` cannot be structured-cloned). */
  post(m: AppMessage): void;
  /** Replaces the frame (and its workers) with a fresh one, unless the current one is still attached. */
  ensureMounted(): void;
  /** Replaces the frame (and its workers) with a fresh one. */
  remount(): void;
  dispose(): void;
}

/**
 * The scripts the frame runs, fetched from the app's own origin (the frame cannot fetch anything) once each: the
 * classic worker script and the client realm's, and the engine chunks the build listed, each on first need. Made by
 * the composition root (main.tsx) and shared by its frames (the live one and the side runs').
 */
export interface ScriptSource {
  workers(): Promise<{ source: string; clientSource: string }>;
  chunk(name: string): Promise<string>;
}

/** A script of the app's own origin, as text. */
async function fetchText(url: string): Promise<string> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`HTTP ${r.status} for ${url}`);
  return r.text();
}

/** A ScriptSource over the build's URLs; a failed fetch is forgotten, so the next need tries again. */
export function createScriptSource(): ScriptSource {
  let workers: Promise<{ source: string; clientSource: string }> | null = null;
  const chunks = new Map<string, Promise<string>>();
  return {
    workers: () => {
      workers ??= Promise.all([fetchText(workerUrl), fetchText(clientRealmUrl)]).then(([source, clientSource]) => ({ source, clientSource }));
      workers.catch(() => {
        workers = null;
      });
      return workers;
    },
    chunk: (name) => {
      let source = chunks.get(name);
      if (!source) {
        const url = Object.hasOwn(chunkUrls, name) ? chunkUrls[name] : undefined;
        source = url ? fetchText(url) : Promise.reject(new Error(`no engine part named ${name}`));
        chunks.set(name, source);
        source.catch(() => chunks.delete(name));
      }
      return source;
    },
  };
}

/** The answer to a frame's `need-chunks`: the texts, or why one could not be fetched. */
async function chunkTexts(scripts: ScriptSource, id: number, names: unknown): Promise<ChunkTexts> {
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  try {
    return { type: 'chunks', id, names: list, texts: await Promise.all(list.map((name) => scripts.chunk(name))) };
  } catch (e) {
    return { type: 'chunks', id, names: list, error: `could not load the engine part (${messageOf(e)})` };
  }
}

function randomNonce(): string {
  // crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function isFrameMessage(d: unknown): d is FrameMessage {
  return typeof d === 'object' && d !== null && typeof (d as { type?: unknown }).type === 'string' && typeof (d as { nonce?: unknown }).nonce === 'string';
}

/** The frame page, beside the app's own page (relative: the build runs under any path). */
const FRAME_PAGE = `${import.meta.env.BASE_URL}sandbox.html`;

/** How long the frame may stay silent after its load event before the app asks why (frameFailure.ts helloWatch). */
const HELLO_GRACE_MS = 3_000;

function createFrame(nonce: string, container: HTMLElement): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'Evaluation sandbox';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // Not display:none: Chromium throttles timers in hidden cross-origin frames, and the watchdog lives there.
  frame.style.cssText = 'position:fixed;width:1px;height:1px;left:-10px;top:-10px;border:0;opacity:0;pointer-events:none';
  frame.src = `${FRAME_PAGE}#${nonce}`;
  container.append(frame);
  return frame;
}

/** Mounts the frame and boots it with `budgetMs` once it says `ready`. */
export function openFrameChannel(budgetMs: number, container: HTMLElement | undefined, on: ChannelEvents, scripts: ScriptSource): FrameChannel {
  let frame: HTMLIFrameElement | null = null;
  let nonce = '';
  let booted = false;
  let disposed = false;
  let failure: string | null = null;
  const post = (m: AppMessage) => frame?.contentWindow?.postMessage(m, '*');
  const hello = helloWatch(FRAME_PAGE, HELLO_GRACE_MS, (why) => {
    failure = why;
    on.frameFailed(why);
  });
  const remount = () => {
    frame?.remove();
    nonce = randomNonce();
    booted = false;
    failure = null;
    frame = createFrame(nonce, container ?? document.body);
    hello.watch(frame);
  };
  const boot = async () => {
    const bootedNonce = nonce;
    try {
      const { source, clientSource } = await scripts.workers();
      if (disposed || nonce !== bootedNonce) return;
      post({ type: 'boot', source, clientSource, budgetMs });
      booted = true;
      on.booted();
    } catch (e) {
      on.bootFailed(`could not load the worker script (${messageOf(e)})`);
    }
  };
  const onMessage = (e: MessageEvent) => {
    if (!frame || e.source !== frame.contentWindow || !isFrameMessage(e.data) || e.data.nonce !== nonce) return;
    if (e.data.type === 'ready') {
      // Late but alive (a frame slower than the grace): it boots as usual.
      failure = null;
      hello.heard();
      void boot();
    }
    if (e.data.type !== 'need-chunks') on.message(e.data);
    else {
      const asked = nonce;
      void chunkTexts(scripts, e.data.id, e.data.names).then((m) => nonce === asked && post(m));
    }
  };
  window.addEventListener('message', onMessage);
  // The worker script is fetched while the frame loads, not after it says `ready`.
  scripts.workers().catch(() => {});
  remount();
  return {
    get booted() {
      return booted;
    },
    get failure() {
      return failure;
    },
    post,
    ensureMounted: () => {
      if (!frame?.isConnected) remount();
    },
    remount,
    dispose: () => {
      disposed = true;
      hello.dispose();
      window.removeEventListener('message', onMessage);
      frame?.remove();
      frame = null;
    },
  };
}
