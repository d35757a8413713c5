/**
 * Hardening the schema's realm (docs/security.md): once the engine's parts are loaded and before the schema's code
 * runs, SES `lockdown()` freezes the shared intrinsics (Promise, JSON, the Object/Array/Function/String/RegExp/Map/…
 * prototypes, Reflect, Error, iterators) and tames `Function.caller` walking and the structured stack trace, and the
 * worker's own globals (timers, `queueMicrotask`, `structuredClone`, `console`, the intrinsics' global bindings)
 * are pinned: non-writable, non-configurable. Schema code that tries to replace any of them gets a TypeError
 * (engine/load/tamper.ts words it). The schema's own objects, zod's included, stay its own to change.
 */
import 'ses';

declare function repairIntrinsics(options: Record<string, string>): void;
declare function hardenIntrinsics(): void;

/**
 * The options of `lockdown()`, the same in the browser's schema worker and the CLI's Node realm (src/node-realm). Each
 * `unsafe` one keeps JavaScript's meaning where SES would change it; docs/security.md says why isolation still holds.
 */
export const LOCKDOWN_OPTIONS: Readonly<Record<string, string>> = Object.freeze({
  // Keep `stack` and the console as they are: error positions in the user's source are read from the stack.
  errorTaming: 'unsafe',
  stackFiltering: 'verbose',
  consoleTaming: 'unsafe',
  // Engine and zod code assigns own properties that shadow frozen inherited ones (`error.name`, `toString`).
  overrideTaming: 'severe',
  // No console report of the intrinsics it removes (Chromium 156's Iterator.prototype.join/includes, unknown to this
  // SES): each page printed them as errors, which read as a fault of the app; they are gone all the same.
  reporting: 'none',
  // The realm's own `eval` and `Function`, not SES's, whose source checks refuse `-->`, `<!--` and `import(` even
  // inside a string or a comment. A real dynamic import is refused by the loader (engine/load/dynamic-import.ts) and,
  // whatever code builds one at run time, by the host: the frame's CSP, the Node realm's module hook.
  evalTaming: 'unsafe-eval',
  // `toLocaleString('de-DE')`, `localeCompare`, `toLocaleLowerCase('tr-TR')` honour the locale, as in Node.
  localeTaming: 'unsafe',
  // `RegExp.prototype.compile` stays; the legacy statics (`RegExp.$1`) are put back below.
  regExpTaming: 'unsafe',
});

/** The legacy RegExp statics (`RegExp.$1`, `lastMatch`, …): SES drops them from the `RegExp` it installs. */
const LEGACY_REGEXP = ['input', '$_', 'lastMatch', '$&', 'lastParen', '$+', 'leftContext', '$`', 'rightContext', "$'", '$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9'] as const;

/** What schema code could reach besides the CSP's `connect-src 'none'`: network, storage, other contexts. */
export const BLOCKED_GLOBALS: readonly string[] = [
  'fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'WebTransport', 'importScripts',
  'indexedDB', 'caches', 'cookieStore', 'Worker', 'SharedWorker', 'BroadcastChannel', 'RTCPeerConnection',
];
/** Removes a property wherever it is defined along an object's prototype chain, then pins it to undefined. */
export function removeGlobal(target: object, name: string): void {
  for (let o: object | null = target; o; o = Object.getPrototypeOf(o) as object | null) {
    try {
      if (Object.prototype.hasOwnProperty.call(o, name)) Reflect.deleteProperty(o, name);
    } catch {
      // A non-configurable property stays; CSP still covers it.
    }
  }
  try {
    Object.defineProperty(target, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // Not extensible: nothing more to do.
  }
}

let hardened = false;

/** Freezes this realm's intrinsics and pins its globals; once per realm (later calls do nothing). */
export function hardenRealm(): void {
  if (hardened) return;
  hardened = true;
  const legacy = legacyRegExpGetters();
  repairIntrinsics({ ...LOCKDOWN_OPTIONS });
  restoreLegacyRegExp(legacy);
  hardenIntrinsics();
  pinGlobals();
  freezeHostPrototypes();
}

/** The host RegExp's legacy static getters, read before SES replaces the global `RegExp`. */
function legacyRegExpGetters(): Array<[string, () => unknown]> {
  const host = RegExp;
  const out: Array<[string, () => unknown]> = [];
  for (const name of LEGACY_REGEXP) {
    const get = Object.getOwnPropertyDescriptor(host, name)?.get;
    if (get) out.push([name, () => Reflect.apply(get, host, [])]);
  }
  return out;
}

/**
 * The legacy statics as read-only getters on the `RegExp` SES installed (it is frozen with the intrinsics next): they
 * read the host's, which every match in this realm updates, as in Node. No setter: `RegExp.input = …` changes nothing.
 */
function restoreLegacyRegExp(getters: Array<[string, () => unknown]>): void {
  for (const [name, get] of getters) {
    try {
      Object.defineProperty(RegExp, name, { get, enumerable: false, configurable: true });
    } catch {
      // A RegExp that keeps its own statics (no SES replacement) needs none.
    }
  }
}

/** The worker's host classes whose prototypes the engine's own work goes through (events, ports, timing, URLs, aborts). */
const HOST_CLASSES = [
  'EventTarget', 'Event', 'MessageEvent', 'MessagePort', 'MessageChannel', 'ErrorEvent', 'Performance', 'PerformanceEntry',
  'PerformanceMark', 'PerformanceMeasure', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'URL',
  'URLSearchParams', 'Blob', 'WorkerGlobalScope', 'DedicatedWorkerGlobalScope', 'WorkerNavigator', 'WorkerLocation',
  'DOMException', 'ReadableStream', 'WritableStream', 'TransformStream',
] as const;

/**
 * The host's classes are not intrinsics, so lockdown leaves them as they are: each of HOST_CLASSES (where the realm
 * has it) is frozen with its prototype, and so are `performance` and the worker scope's prototype chain, so schema
 * code can neither replace a method there (`performance.now`, a port's `postMessage`, `addEventListener`) nor plant a
 * setter that sees a port the engine receives later.
 */
function freezeHostPrototypes(): void {
  // Data properties only: a global behind a getter (Node loads some on first read) is read nowhere here.
  const own = (name: string): unknown => Object.getOwnPropertyDescriptor(globalThis, name)?.value;
  for (const name of HOST_CLASSES) {
    const value = own(name);
    if (typeof value !== 'function') continue;
    const proto = (value as { prototype?: unknown }).prototype;
    if (typeof proto === 'object' && proto !== null) Object.freeze(proto);
    Object.freeze(value);
  }
  const performance = own('performance');
  if (typeof performance === 'object' && performance !== null) Object.freeze(performance);
  for (let o = Object.getPrototypeOf(globalThis) as object | null; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) Object.freeze(o);
}

/**
 * Every global binding read-only and non-configurable: the global object's own properties, and those it inherits from
 * the worker scope's prototypes (timers live there in some engines) pinned as own properties, so assigning
 * `setTimeout` shadows nothing. The global object takes no new properties (a planted `process` could steer a package
 * that looks for one), and the console is frozen (it is the engine's, too).
 */
function pinGlobals(): void {
  const seen = new Set<PropertyKey>();
  for (let o: object | null = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Reflect.ownKeys(o)) {
      if (seen.has(key)) continue;
      seen.add(key);
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (!d || (o === globalThis && !d.configurable && !d.writable)) continue;
      // A non-configurable data property may still be made read-only.
      if (o === globalThis && !d.configurable) Object.defineProperty(globalThis, key, { writable: false });
      else Object.defineProperty(globalThis, key, 'value' in d ? { ...d, writable: false, configurable: false } : { ...d, configurable: false });
    }
  }
  Object.preventExtensions(globalThis);
  Object.freeze(console);
}
