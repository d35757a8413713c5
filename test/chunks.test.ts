/** src/engine/chunks.ts: a chunk loads once, get() answers only once it loaded, a failed load may be retried. */
import { describe, expect, it } from 'vitest';
import { chunk } from '../src/engine/chunks.ts';

describe('chunk', () => {
  it('loads once for every caller and then answers get()', async () => {
    let imports = 0;
    const c = chunk('probe', async () => ({ n: ++imports }));
    expect(() => c.get()).toThrow('The engine part "probe" was not loaded before this case ran');
    const [a, b] = await Promise.all([c.load(), c.load()]);
    expect(a).toBe(b);
    expect(c.get()).toBe(a);
    expect(imports).toBe(1);
  });

  it('retries a load that failed', async () => {
    let tries = 0;
    const c = chunk('flaky', async () => {
      if (++tries === 1) throw new Error('offline');
      return 'ok';
    });
    await expect(c.load()).rejects.toThrow('offline');
    await expect(c.load()).resolves.toBe('ok');
    expect(c.get()).toBe('ok');
  });
});
