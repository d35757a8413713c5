/**
 * Hardening the schema's realm (docs/security.md): once the engine's parts are loaded and before the schema's code
 * runs, SES `lockdown()` freezes the shared intrinsics (Promise, JSON, the Object/Array/Function/String/RegExp/Map/…
 * prototypes, Reflect, Error, iterators) and tames `Function.caller` walking and the structured stack trace, and the
 * worker's own globals (timers, `queueMicrotask`, `structuredClone`, `console`, the intrinsics' global bindings)
 * are pinned: non-writable, non-configurable. Schema code that tries to replace any of them gets a TypeError
 * (engine/load/tamper.ts words it). The schema's own objects, zod's included, stay its own to change.
 */
import 'ses';

declare function lockdown(options: Record<string, string>): void;

let hardened = false;

/** Freezes this realm's intrinsics and pins its globals; once per realm (later calls do nothing). */
export function hardenRealm(): void {
  if (hardened) return;
  hardened = true;
  lockdown({
    // Keep `stack` and the console as they are: error positions in the user's source are read from the stack.
    errorTaming: 'unsafe',
    stackFiltering: 'verbose',
    consoleTaming: 'unsafe',
    // Engine and zod code assigns own properties that shadow frozen inherited ones (`error.name`, `toString`).
    overrideTaming: 'severe',
  });
  pinGlobals();
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
