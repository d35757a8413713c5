import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

// Not `npm start`'s 5173: the suite starts its own server on the build it was given. Overridable so two checkouts (or
// two people on one machine) can run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 5273);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI: a 2-core runner that also runs the engine worker per page can stall a page load; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // One worker: each row's page runs the app, the sandbox frame, two schema workers and the client realm, which fill
  // two cores on their own. Two workers measured no faster on a 2-core machine (28.5 min for the suite against ~14 s a
  // row alone) and starved the compare view's 20 s bound (its cells ran out of time).
  workers: 1,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  webServer: {
    // `npm test` builds first; the e2e suite runs against the built app, as users get it.
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${OUT_DIR}`,
    url: `http://localhost:${PORT}`,
    // A server already on the port is an error, not something to test (it may serve a stale build), unless asked for.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 60_000,
  },
});
