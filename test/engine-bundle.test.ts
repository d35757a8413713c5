/**
 * The engine worker's chunks (vite-plugins/engineBundle.ts): a dynamic import becomes a chunk fetched through the
 * host, a module shared with the core is one instance, and once locked the runtime evaluates no new chunk.
 */
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleEngine, type EngineBundle } from '../vite-plugins/engineBundle.ts';

interface Probe {
  host: { setFetcher(f: (names: string[]) => Promise<string[]>): void; lock(): void };
  z: typeof import('zod').z;
  lazy(): Promise<typeof import('./chunk-probe/lazy.ts')>;
  other(): Promise<typeof import('./chunk-probe/other.ts')>;
}

const ROOT = resolve(import.meta.dirname, '..');
let bundle: EngineBundle;

beforeAll(async () => {
  bundle = await bundleEngine({ root: ROOT, mode: 'production', command: 'build' }, 'test/chunk-probe/entry.ts');
}, 120_000);

/** Runs the core script in a fresh realm (like a worker's) and returns what the entry exposed, and the chunks asked for. */
function boot(): { probe: Probe; asked: string[][] } {
  const context: { probe?: Probe } = {};
  runInNewContext(bundle.core, context);
  const probe = context.probe;
  if (!probe) throw new Error('the core script did not run its entry');
  const asked: string[][] = [];
  probe.host.setFetcher(async (names) => {
    asked.push(names);
    return names.map((n) => bundle.chunks.get(n) ?? '');
  });
  return { probe, asked };
}

describe('engine chunks', () => {
  it('keeps each dynamic import out of the core script and serves it as its own chunk', () => {
    expect(bundle.chunks.size).toBe(2);
    expect(bundle.core).not.toContain('the other chunk answers');
    expect([...bundle.chunks.values()].some((text) => text.includes('the other chunk answers'))).toBe(true);
  });

  it('fetches a chunk through the host on first need, once, and shares zod with the core', async () => {
    const { probe, asked } = boot();
    const lazy = await probe.lazy();
    expect(lazy.schema).toBeInstanceOf(probe.z.ZodObject);
    expect(probe.z.object({ x: lazy.schema }).safeParse({ x: { a: 'y' } }).success).toBe(true);
    await probe.lazy();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.every((n) => bundle.chunks.has(n))).toBe(true);
  });

  it('evaluates no new chunk once locked, and still serves those loaded before', async () => {
    const { probe, asked } = boot();
    await probe.lazy();
    probe.host.lock();
    await expect(probe.other()).rejects.toThrow(/after schema code ran/);
    expect(asked).toHaveLength(1);
    await expect(probe.lazy()).resolves.toHaveProperty('schema');
  });

  it('evaluates chunks in strict mode, like the core: a Function.caller walk from schema code finds no engine frame', async () => {
    const { probe } = boot();
    const lazy = await probe.lazy();
    // A sloppy function made in the worker's realm, as schema code can with `new Function`.
    const RealmFunction = (probe.lazy as unknown as { constructor: FunctionConstructor }).constructor;
    const walk = new RealmFunction('return function walk() { return walk.caller; }')() as () => unknown;
    expect(lazy.callBack(walk)).toBeNull();
  });
});
