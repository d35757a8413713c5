/**
 * The stand-ins for the zod parts the engine core leaves out (catalog.ts), and the hook that swaps in the real ones.
 * The build's stand-in module for a part (vite-plugins/zodParts.ts) exports each of the part's names as a live binding
 * that starts as `standIn(…)` and registers an installer here; when the part's chunk is loaded (index.ts) the
 * installer sets every binding to the real value, so every module object that holds the part (`z.locales`,
 * `z.core.locales`, zod mini's) then gives zod's own functions. In plain Node (vitest, tsx) zod is not bundled, no
 * stand-in module exists, and the parts are zod's own from the start.
 */
import { ZOD_PARTS, type ZodPart } from './catalog.ts';

const installers = new Map<ZodPart['name'], (real: Readonly<Record<string, unknown>>) => void>();

/** Called by a part's stand-in module once, when the core is evaluated. */
export function registerZodPart(name: ZodPart['name'], install: (real: Readonly<Record<string, unknown>>) => void): void {
  installers.set(name, install);
}

/** Swaps the part's real exports in (a no-op where zod is not bundled). */
export function installZodPart(name: ZodPart['name'], real: Readonly<Record<string, unknown>>): void {
  installers.get(name)?.(real);
}

/** The message of a stand-in of `name` in `part`: what is missing, why, and the one-word fix. */
export function standInMessage(part: ZodPart['name'], name: string): string {
  const entry = ZOD_PARTS.find((p) => p.name === part);
  const what = part === 'locales' ? `zod's locale ${name} (z.locales.${name})` : `zod's ${name}`;
  return `${what} is not loaded: the playground loads that part of zod (zod/${entry?.file ?? part}) before the schema runs only when the schema's source mentions ${entry?.mention ?? part}, and this source reaches it without that word. Write it in the source (a comment that mentions it is enough).`;
}

/** A function that stands for `name` of `part` until the part is loaded: calling or constructing it throws why. */
export function standIn(part: ZodPart['name'], name: string): (...args: unknown[]) => never {
  const named = {
    [name]: function (): never {
      throw new Error(standInMessage(part, name));
    },
  };
  return named[name] as (...args: unknown[]) => never;
}
