import { defineConfig } from 'vitest/config';
import { worlds } from './build/worlds-plugin.ts';

const SDK_CHATTER = /^(\[mcp-sdk\]|Tool name validation warning|  - |Tool registration will proceed|Consider updating the tool name|See SEP: Specify Format for Tool Names)/;

export default defineConfig({
  plugins: [worlds(import.meta.dirname)],
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1): its own process is idle while files run, so both
    // cores go to test files (npm test on the 2-core runner: issue 19).
    maxWorkers: 2,
    setupFiles: ['test/setup-worlds.ts'],
    // The published SDKs' own console chatter when a test registers an odd tool name or runs an old zod (the engine
    // leaves the console alone: in the sandbox worker it is frozen, and the CLI silences its process's).
    onConsoleLog: (log) => !SDK_CHATTER.test(log),
  },
});
