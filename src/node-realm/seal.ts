/**
 * What makes a Node worker thread a schema realm like the browser's schema worker, done once the engine's parts are
 * loaded and before the schema's code runs (src/node-realm/worker.ts): the Node-only globals are removed (no
 * `process`, so no `getBuiltinModule`, `binding`, `env` or streams; no `Buffer`, `global`, `setImmediate`, `fetch`,
 * `WebSocket`, `BroadcastChannel`), as are the browser worker's blocked ones; the console is a silent one (Node's
 * holds the process's streams); every module import from here on is refused by a module hook of this thread (a
 * dynamic `import()` built at run time included); then the same hardening as the browser worker
 * (src/sandbox/harden.ts: SES lockdown() with the same options, pinned globals, frozen host classes).
 */
import { register } from 'node:module';
import { DYNAMIC_IMPORT_REFUSED } from '../engine/load/dynamic-import.ts';
import { BLOCKED_GLOBALS, hardenRealm, removeGlobal } from '../sandbox/harden.ts';
import { addMissingBuiltins } from './builtins.ts';

/** Globals a Node worker has that the browser's schema worker does not, or that reach the process. */
export const NODE_ONLY_GLOBALS: readonly string[] = [
  'process', 'Buffer', 'global', 'setImmediate', 'clearImmediate', 'require', 'module', 'exports', '__filename', '__dirname',
  'WebSocket', 'EventSource', 'BroadcastChannel', 'localStorage', 'sessionStorage', 'Navigator',
];

/** The module hook: every specifier refused, in the words the loader uses for a dynamic import in the source. */
const REFUSE_ALL = `export async function resolve() { throw new Error(${JSON.stringify(DYNAMIC_IMPORT_REFUSED)}); }`;

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog', 'assert', 'count', 'countReset'];

let sealed = false;

/** Seals this thread; once (later calls do nothing). */
export function sealNodeRealm(): void {
  if (sealed) return;
  sealed = true;
  addMissingBuiltins();
  // Node defines many globals as getters that replace themselves on first read: read each now, so that pinning them
  // (harden.ts) leaves plain values, not getters that would fail to redefine themselves later.
  for (const key of Reflect.ownKeys(globalThis)) {
    try {
      Reflect.get(globalThis, key);
    } catch {
      // A getter that throws stays as it is.
    }
  }
  // Symbol-keyed globals are Node's or a library's (undici's dispatcher): none is the browser worker's.
  for (const key of Reflect.ownKeys(globalThis)) if (typeof key === 'symbol' && key !== Symbol.toStringTag) Reflect.deleteProperty(globalThis, key);
  for (const name of [...NODE_ONLY_GLOBALS, ...BLOCKED_GLOBALS]) removeGlobal(globalThis, name);
  const silent = Object.fromEntries(CONSOLE_METHODS.map((m) => [m, () => undefined]));
  Object.defineProperty(globalThis, 'console', { value: silent, writable: true, enumerable: false, configurable: true });
  register(`data:text/javascript,${encodeURIComponent(REFUSE_ALL)}`);
  hardenRealm();
}
