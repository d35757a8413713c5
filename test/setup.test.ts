/**
 * Setup on another machine (docs/development.md): the Node versions the toolchain runs on, which Chromium the e2e suite
 * finds, and that it never tests a server it did not start (a running `npm start` on 5173 may serve a stale build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { chromiumExecutable } from '../e2e/chromium.ts';

const PLAYWRIGHTS = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const lookup = (env: Record<string, string>, present: string[]) => chromiumExecutable({ env, playwrightChromium: () => PLAYWRIGHTS, exists: (p) => present.includes(p) });

describe('engines', () => {
  const nodeRange = (dir: string): unknown => (JSON.parse(readFileSync(join(import.meta.dirname, '..', dir, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node;

  it('package.json asks for the Node versions vite, rolldown and plugin-react declare (not just "20+")', () => {
    const ours = nodeRange('.');
    for (const dep of ['node_modules/vite', 'node_modules/rolldown', 'node_modules/@vitejs/plugin-react']) expect(nodeRange(dep), dep).toBe(ours);
  });
});

describe('chromiumExecutable', () => {
  it('takes an executable named by PLAYWRIGHT_CHROMIUM_EXECUTABLE, then CHROMIUM_PATH, as given', () => {
    expect(lookup({ PLAYWRIGHT_CHROMIUM_EXECUTABLE: '/opt/a', CHROMIUM_PATH: '/opt/b' }, [PLAYWRIGHTS])).toBe('/opt/a');
    expect(lookup({ CHROMIUM_PATH: '/Applications/Chromium.app/Contents/MacOS/Chromium' }, [PLAYWRIGHTS])).toBe('/Applications/Chromium.app/Contents/MacOS/Chromium');
  });

  it("then Playwright's own Chromium where it is installed, then the distribution's", () => {
    expect(lookup({}, [PLAYWRIGHTS, '/usr/bin/chromium'])).toBe(PLAYWRIGHTS);
    expect(lookup({}, ['/usr/bin/chromium'])).toBe('/usr/bin/chromium');
    expect(lookup({}, ['/usr/bin/chromium-browser'])).toBe('/usr/bin/chromium-browser');
  });

  it('finds none on a machine with none (Playwright then says how to install one)', () => {
    expect(lookup({}, [])).toBeUndefined();
    expect(chromiumExecutable({ env: {}, playwrightChromium: () => { throw new Error('unsupported platform'); }, exists: () => false })).toBeUndefined();
  });
});

describe('the e2e web server', () => {
  const load = async (env: Record<string, string | undefined>) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      vi.resetModules();
      return (await import('../playwright.config.ts')).default;
    } finally {
      process.env = saved;
    }
  };

  it('has a port of its own (not npm start’s 5173) and starts its own server unless E2E_REUSE_SERVER=1', async () => {
    const plain = await load({ E2E_PORT: undefined, E2E_REUSE_SERVER: undefined, CI: undefined });
    const server = plain.webServer as { url: string; reuseExistingServer: boolean };
    expect(new URL(server.url).port).not.toBe('5173');
    expect(server.reuseExistingServer).toBe(false);
    const optedIn = await load({ E2E_PORT: '5999', E2E_REUSE_SERVER: '1' });
    expect(optedIn.webServer).toMatchObject({ url: 'http://localhost:5999', reuseExistingServer: true });
  });
});
