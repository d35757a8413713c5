/** Muting the SDKs' console chatter while runs are in flight. */
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
let quietDepth = 0;
let saved: Partial<Pick<Console, (typeof CONSOLE_METHODS)[number]>> = {};

/** The SDKs log tool-name warnings and transport chatter; runs overlap, so console is muted until the last one ends. */
export async function quietly<T>(run: () => Promise<T>): Promise<T> {
  // A hardened sandbox realm froze its console (src/sandbox/harden.ts): the chatter stays in the worker's devtools.
  if (Object.isFrozen(console)) return run();
  if (quietDepth++ === 0) {
    saved = {};
    for (const m of CONSOLE_METHODS) {
      saved[m] = console[m];
      console[m] = () => undefined;
    }
  }
  try {
    return await run();
  } finally {
    if (--quietDepth === 0) Object.assign(console, saved);
  }
}
