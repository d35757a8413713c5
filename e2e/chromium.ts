/**
 * Which Chromium the e2e suite (playwright.config.ts) and the browser bench drive, and with which flags. Found the
 * usual ways, first match wins: an executable named by PLAYWRIGHT_CHROMIUM_EXECUTABLE or CHROMIUM_PATH (taken as given),
 * Playwright's own Chromium where `npx playwright install chromium` put it, then the distribution's package
 * (/usr/bin/chromium on Debian, /usr/bin/chromium-browser on older Ubuntu). None: undefined, and Playwright's launch
 * error says how to install one.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Chromium flags for a machine without a GPU or network: nothing starts that would phone home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
  // A full Chromium in headless mode still builds its browser UI: the omnibox's two WebUI popups are a renderer of their
  // own that measured about 2 s of CPU per page load on 2 cores (a third of a row's cost). Nothing here shows them.
  // Chromium keeps the last --disable-features it is given, and a launch's args come after Playwright's own, so this
  // list replaces Playwright's (chrome://version/?show-variations-cmd shows what is in force). The features Playwright
  // turns off therefore keep Chromium's defaults here, as in a user's browser (third-party storage partitioning, for
  // one, is on), and the background requests some of them make go to the blocking proxy below. Repeating Playwright's
  // list measured no difference in CPU per page load.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * Every request beyond this machine goes to a proxy that is not there (port 9 of this machine) and fails; this
 * machine's own go direct. Blocking in the browser, not with Playwright's request routing (`context.route`), keeps
 * Chromium's HTTP cache and with it V8's code cache: routing turns both off, so every app load of the e2e suite
 * fetched and compiled every script again. The e2e fixture records what was tried (e2e/fixtures.ts).
 */
const BLOCKING_PROXY = { server: 'http://127.0.0.1:9', bypass: 'localhost,127.0.0.1,[::1]' } as const;

export const CHROMIUM_ENV_VARS = ['PLAYWRIGHT_CHROMIUM_EXECUTABLE', 'CHROMIUM_PATH'] as const;
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

interface Lookup {
  env: Readonly<Record<string, string | undefined>>;
  /** Where Playwright's own Chromium would be (it may not be installed). */
  playwrightChromium: () => string;
  exists: (path: string) => boolean;
}

const HERE: Lookup = { env: process.env, playwrightChromium: () => chromium.executablePath(), exists: existsSync };

/** The Chromium executable to launch, or undefined when none is found. */
export function chromiumExecutable({ env, playwrightChromium, exists }: Lookup = HERE): string | undefined {
  for (const name of CHROMIUM_ENV_VARS) {
    const given = env[name];
    if (given) return given;
  }
  let own: string | undefined;
  try {
    own = playwrightChromium();
  } catch {
    own = undefined; // a platform Playwright has no build for
  }
  return [own, ...SYSTEM_CHROMIUMS].find((path): path is string => !!path && exists(path));
}

/** Playwright's launch options: the flags, the blocking proxy, and the executable when one was found. */
export function chromiumLaunchOptions(): { args: string[]; proxy: typeof BLOCKING_PROXY; executablePath?: string } {
  const executablePath = chromiumExecutable();
  return { args: CHROMIUM_ARGS, proxy: BLOCKING_PROXY, ...(executablePath ? { executablePath } : {}) };
}
