import { defineConfig } from 'vitest/config';
import { worlds } from './build/worlds-plugin.ts';

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
  },
});
