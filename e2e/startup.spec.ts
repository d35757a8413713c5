/**
 * Start-up order (issue 37): the sandbox frame, and with it the engine worker, starts before the page's UI is
 * evaluated. The page's entry script (src/main.tsx and what it imports: the frame, the stores, the starting case) is
 * small; React DOM and the App are chunks of their own, fetched with the page (modulepreload, vite.config.ts
 * `uiPreload`) and evaluated after it, so the frame never waits for the UI's code (docs/performance.md, "The frame
 * first").
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';
import { expect, test } from './fixtures.ts';

/** What the page looked like when React DOM's module code first ran (it looks up the devtools hook as it starts). */
interface AtReactDom {
  frames: string[];
  rootChildren: number;
}

declare global {
  interface Window {
    __atReactDom?: AtReactDom;
  }
}

/** Notes, in every page of the context, the sandbox frames present and #root's children when React DOM is evaluated. */
async function watchReactDom(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      configurable: true,
      get() {
        window.__atReactDom ??= {
          frames: [...document.querySelectorAll('iframe')].map((f) => `${f.getAttribute('sandbox')} ${f.getAttribute('src')?.replace(/#.*/, '')}`),
          rootChildren: document.getElementById('root')?.childElementCount ?? -1,
        };
        return undefined;
      },
    });
  });
}

for (const [name, path] of [
  ['the app', `/${encodePermalink(DEFAULT_CASE)}`],
  ['an embed', `/?embed${encodePermalink(DEFAULT_CASE)}`],
] as const) {
  test(`${name}: the sandbox frame is on the page before React DOM is evaluated, and the first verdict shows`, async ({ page }) => {
    await watchReactDom(page);
    await page.goto(path);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL', { timeout: 30_000 });
    const at = await page.evaluate(() => window.__atReactDom);
    expect(at).toEqual({ frames: ['allow-scripts ./sandbox.html'], rootChildren: 0 });
  });
}

test("the built page asks for the UI's chunks with its entry script, and the entry script holds no React DOM", () => {
  const outDir = process.env.E2E_OUT_DIR ?? 'dist';
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/([^"]+)">/g)].map((m) => m[1] ?? '');
  const holdsReactDom = (file: string) => readFileSync(join(outDir, file), 'utf8').includes('__REACT_DEVTOOLS_GLOBAL_HOOK__');
  expect(holdsReactDom(entry ?? '')).toBe(false);
  // React DOM is in a chunk the page preloads: fetched (and compiled) while the entry script runs.
  expect(preloaded.filter(holdsReactDom)).toHaveLength(1);
  expect(preloaded.some((file) => /\/App-[\w-]+\.js$/.test(file))).toBe(true);
});
