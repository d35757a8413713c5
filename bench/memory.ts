/**
 * Heap figures for the browser section's memory row, through the Chrome DevTools Protocol: the page's JS heap after a
 * forced GC (HeapProfiler.collectGarbage, then Runtime.getHeapUsage), and the same for each engine worker (a blob:
 * dedicated worker of the sandbox frame), reached from a browser-level session when Chromium lists it as a target.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

/** Used JS heap in bytes after a forced GC. */
export async function pageHeap(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}

/** The engine workers' used heaps (bytes, after a forced GC each), or why they could not be read. */
export async function workerHeaps(browser: Browser): Promise<{ bytes: number[] } | { unavailable: string }> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'worker' }] });
    const workers = targetInfos.filter((t) => t.url.startsWith('blob:'));
    if (workers.length === 0) return { unavailable: `no blob: worker among the browser's targets (${targetInfos.length} workers listed)` };
    const bytes: number[] = [];
    for (const w of workers) bytes.push(await heapOfTarget(session, w.targetId));
    return { bytes };
  } catch (e) {
    return { unavailable: e instanceof Error ? e.message : String(e) };
  } finally {
    await session.detach();
  }
}

/** Attaches to a target without flattening and asks it, through Target.sendMessageToTarget, for a GC and its heap. */
async function heapOfTarget(session: CDPSession, targetId: string): Promise<number> {
  const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
  let next = 1;
  const call = (method: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the worker within 10 s`)), 10_000);
      const onMessage = (e: { sessionId?: string; message: string }) => {
        const m = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
        if (e.sessionId !== sessionId || m.id !== id) return;
        clearTimeout(timer);
        session.off('Target.receivedMessageFromTarget', onMessage);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result ?? {});
      };
      session.on('Target.receivedMessageFromTarget', onMessage);
      void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
  try {
    await call('HeapProfiler.collectGarbage');
    return Number((await call('Runtime.getHeapUsage'))['usedSize']);
  } finally {
    await session.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}
