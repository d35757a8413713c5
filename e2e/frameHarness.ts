/**
 * A raw sandbox frame driven from the page exactly as src/sandbox/host.ts drives it: the built engine worker, its
 * chunks answered as the app answers them, one case at a time (isolation.spec.ts, worlds.spec.ts).
 */
import { WORLDS_CLIENT_REALM_CHUNK } from '../src/sandbox/frameClients.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import { POLL } from './fixtures.ts';

const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';

/** The built engine worker (one classic script), as the app would fetch it. */
export function engineWorkerSource(): string {
  const assets = join(OUT_DIR, 'assets');
  const file = readdirSync(assets).find((f) => /^engine-worker-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No engine-worker-*.js in ${assets}: run \`npx vite build\` first`);
  return readFileSync(join(assets, file), 'utf8');
}

/** The built client realm (src/sandbox/clientRealm.ts), as the app would fetch it. */
export function clientRealmSource(): string {
  const assets = join(OUT_DIR, 'assets');
  const file = readdirSync(assets).find((f) => /^client-realm-[0-9a-f]{8}\.js$/.test(f));
  if (!file) throw new Error(`No client-realm-*.js in ${assets}: run \`npx vite build\` first`);
  return readFileSync(join(assets, file), 'utf8');
}

/**
 * The built engine chunks by name (the app fetches them for the frame, which cannot), and the worlds' client realm
 * (src/sandbox/clientRealmWorlds.ts) under the name the frame asks for it by.
 */
export function engineChunks(): Record<string, string> {
  const assets = join(OUT_DIR, 'assets');
  const files = readdirSync(assets).filter((f) => /^engine-[\w.-]+\.js$/.test(f) && !f.startsWith('engine-worker-'));
  const worlds = readdirSync(assets).find((f) => /^client-realm-worlds-[0-9a-f]{8}\.js$/.test(f));
  if (!worlds) throw new Error(`No client-realm-worlds-*.js in ${assets}: run \`npx vite build\` first`);
  return { ...Object.fromEntries(files.map((f) => [f, readFileSync(join(assets, f), 'utf8')])), [WORLDS_CLIENT_REALM_CHUNK]: readFileSync(join(assets, worlds), 'utf8') };
}

/**
 * Opens a blank page on the app's origin for a harness to mount its frame in: loading the app itself there would boot
 * its own sandbox frame, workers and Monaco beside the frame under test (seconds of CPU on a 2-core runner, for nothing).
 */
export async function openHarnessPage(page: Page): Promise<void> {
  await page.route('**/harness.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Sandbox harness</title><body></body></html>' }));
  await page.goto('/harness.html');
}

export interface Driven {
  messages: FrameMessage[];
  sentAt: Record<number, number>;
  at: Record<number, number>;
}

/**
 * Mounts a raw sandbox frame in the page and boots it with `source` (and the built client realm), as host.ts does,
 * answering its chunk requests.
 */
export async function mountFrame(page: Page, source: string, budgetMs = 2000): Promise<void> {
  const chunks = engineChunks();
  const clientSource = clientRealmSource();
  await page.evaluate(
    ([source, budgetMs, chunks, clientSource]) => {
      const nonce = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16)).join('');
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.src = `/sandbox.html#${nonce}`;
      const driven = { messages: [] as unknown[], sentAt: {} as Record<number, number>, at: {} as Record<number, number>, frame };
      Object.assign(window, { __driven: driven });
      window.addEventListener('message', (e: MessageEvent<{ nonce?: string; type: string; id?: number; names?: string[] }>) => {
        if (e.source !== frame.contentWindow || e.data.nonce !== nonce) return;
        if (e.data.type === 'need-chunks') {
          const names = e.data.names ?? [];
          frame.contentWindow?.postMessage({ type: 'chunks', id: e.data.id, names, texts: names.map((n) => chunks[n] ?? '') }, '*');
          return;
        }
        driven.messages.push(e.data);
        if (e.data.id !== undefined) driven.at[e.data.id] ??= performance.now();
        if (e.data.type === 'ready') frame.contentWindow?.postMessage({ type: 'boot', source, clientSource, budgetMs }, '*');
      });
      document.body.append(frame);
    },
    [source, budgetMs, chunks, clientSource] as const,
  );
  await page.waitForFunction(() => (window as unknown as { __driven: Driven }).__driven.messages.some((m) => m.type === 'ready'), undefined, POLL);
}

/** Sends one case to the driven frame and waits for its terminal message (report, crash, timeout, respawned). */
export async function evaluateInFrame(page: Page, id: number, c: unknown, timeoutMs = 30_000): Promise<{ message: FrameMessage; ms: number }> {
  await page.evaluate(
    ([id, c]) => {
      const d = (window as unknown as { __driven: Driven & { frame: HTMLIFrameElement } }).__driven;
      d.sentAt[id] = performance.now();
      d.frame.contentWindow?.postMessage({ type: 'evaluate', id, case: c }, '*');
    },
    [id, c] as const,
  );
  return waitForMessage(page, id, undefined, timeoutMs);
}

export async function waitForMessage(page: Page, id: number, type?: FrameMessage['type'], timeoutMs = 30_000): Promise<{ message: FrameMessage; ms: number }> {
  const handle = await page.waitForFunction(
    ([id, type]) => {
      const d = (window as unknown as { __driven: Driven }).__driven;
      const m = d.messages.find((m) => 'id' in m && m.id === id && (type === undefined || m.type === type));
      return m ? { message: m, ms: (d.at[id] ?? 0) - (d.sentAt[id] ?? 0) } : null;
    },
    [id, type] as const,
    { ...POLL, timeout: timeoutMs },
  );
  return handle.jsonValue() as Promise<{ message: FrameMessage; ms: number }>;
}
