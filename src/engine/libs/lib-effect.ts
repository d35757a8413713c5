/** effect's chunk (libs/index.ts): the package (its `Schema` with the Standard Schema wrappers) as a schema module imports it. */
import * as effect from 'effect';
import * as Redactable from 'effect/Redactable';
import * as schema from 'effect/Schema';

export const modules = { effect, 'effect/Schema': schema };

/**
 * effect keeps the running fiber in a global (`globalThis["~effect/Fiber/currentFiber"]`, set whenever an effect runs,
 * `Schema` validation included). The hardened schema realm takes no new globals and pins the ones it has read-only
 * (src/sandbox/harden.ts), so the slot is made here, as the chunk loads before the realm is hardened: an accessor
 * (pinning leaves accessors working) over a variable of this module. It holds only what effect puts there.
 */
// Exported by effect/Redactable.js, left out of its type declarations.
const currentFiberTypeId = (Redactable as Readonly<Record<string, unknown>>)['currentFiberTypeId'];
if (typeof currentFiberTypeId === 'string' && !Object.hasOwn(globalThis, currentFiberTypeId) && Object.isExtensible(globalThis)) {
  let fiber: unknown;
  Object.defineProperty(globalThis, currentFiberTypeId, {
    get: () => fiber,
    set: (value: unknown) => {
      fiber = value;
    },
    enumerable: false,
    configurable: true,
  });
}
