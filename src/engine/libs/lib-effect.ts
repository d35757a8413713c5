/**
 * effect's chunk (libs/index.ts): its `Schema` module (with the Standard Schema wrappers), as `effect/Schema` and as
 * `Schema` of `effect`. Only that part of effect is bundled (the whole package is four times its size); libs/index.ts
 * refuses the other names of `effect` in words.
 */
import * as Redactable from 'effect/Redactable';
import * as schema from 'effect/Schema';

export const modules = { effect: { Schema: schema }, 'effect/Schema': schema };

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
