import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { worlds } from './build/worlds-plugin.ts';

/**
 * Files that mock a module (vi.mock, vi.doMock, vi.resetModules; found by reading them, so a new one is never missed)
 * get a fresh module graph of their own: a mock only applies where the module is imported after it. Every other file shares its worker's module graph with the files that ran before it there
 * (`isolate: false`), so zod, the SDKs and the engine are imported once per worker rather than once per file (the
 * import phase measured 52 s summed over the files with isolation, 10 s without; issue 19, npm test's time).
 * test/module-state.test.ts keeps module-level state out of the engine, which is what makes sharing safe.
 */
const MOCKING = readdirSync(join(import.meta.dirname, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts') && /\bvi\.(?:mock|doMock|resetModules)\(/.test(readFileSync(join(import.meta.dirname, 'test', f), 'utf8')))
  .map((f) => `test/${f}`);

const SDK_CHATTER = /^(\[mcp-sdk\]|Tool name validation warning|  - |Tool registration will proceed|Consider updating the tool name|See SEP: Specify Format for Tool Names)/;

export default defineConfig({
  plugins: [worlds(import.meta.dirname)],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1): its own process is idle while files run, so both
    // cores go to test files (npm test on the 2-core runner: issue 19).
    maxWorkers: 2,
    setupFiles: ['test/setup-worlds.ts'],
    // The published SDKs' own console chatter when a test registers an odd tool name or runs an old zod (the engine
    // leaves the console alone: in the sandbox worker it is frozen, and the CLI silences its process's).
    onConsoleLog: (log) => !SDK_CHATTER.test(log),
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...MOCKING, 'node_modules/**'], isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
