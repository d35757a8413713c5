/**
 * The ES2024 built-ins the browser's schema worker has and Node 20 lacks (`Object.groupBy`, `Map.groupBy`,
 * `Promise.withResolvers`), defined in the CLI's schema realm before lockdown, as the spec defines them: non-enumerable
 * methods with the spec's `length`, a null-prototype object of groups, `this` as the promise constructor. Lockdown
 * then freezes them with the rest. Node 22 has them: nothing is defined there.
 */

type KeyOf = (value: unknown, index: number) => unknown;

/** The groups of `items` by `keyOf`, in first-seen key order; `toKey` is how a key compares (a property key, or itself). */
function groups(items: Iterable<unknown>, keyOf: KeyOf, toKey: (k: unknown) => unknown): Map<unknown, unknown[]> {
  if (typeof keyOf !== 'function') throw new TypeError('groupBy: the callback is not a function');
  const out = new Map<unknown, unknown[]>();
  let index = 0;
  for (const value of items) {
    const key = toKey(keyOf(value, index++));
    const group = out.get(key);
    if (group) group.push(value);
    else out.set(key, [value]);
  }
  return out;
}

/** A property key as the spec's ToPropertyKey gives it. */
const propertyKey = (k: unknown): PropertyKey => (typeof k === 'symbol' ? k : String(k));
/** Map.groupBy keys compare as SameValueZero, with -0 taken as +0. */
const mapKey = (k: unknown): unknown => (Object.is(k, -0) ? 0 : k);

function define(target: object, name: string, length: number, fn: (...args: never[]) => unknown): void {
  if (Object.hasOwn(target, name)) return;
  Object.defineProperty(fn, 'length', { value: length });
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperty(target, name, { value: fn, writable: true, enumerable: false, configurable: true });
}

/** Defines whichever of the three this realm lacks. */
export function addMissingBuiltins(): void {
  define(Object, 'groupBy', 2, (items: Iterable<unknown>, keyOf: KeyOf) => {
    const out = Object.create(null) as Record<PropertyKey, unknown[]>;
    for (const [key, group] of groups(items, keyOf, propertyKey)) out[key as PropertyKey] = group;
    return out;
  });
  define(Map, 'groupBy', 2, (items: Iterable<unknown>, keyOf: KeyOf) => groups(items, keyOf, mapKey));
  define(Promise, 'withResolvers', 0, function withResolvers(this: PromiseConstructor) {
    let resolve: (v: unknown) => void = () => undefined;
    let reject: (e: unknown) => void = () => undefined;
    const C = typeof this === 'function' ? this : Promise;
    const promise = new C((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  } as never);
}
