import { defineConfig } from 'vitest/config';
import { worlds } from './build/worlds-plugin.ts';

export default defineConfig({
  plugins: [worlds(import.meta.dirname)],
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    setupFiles: ['test/setup-worlds.ts'],
  },
});
