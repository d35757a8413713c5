/** The residual gaps MCP SDK PR #2556 documents rather than closes: a schema that hits one gets a note in its listing's warning. */
import type { z } from 'zod';
import type { Role } from '../../contract/catalog.ts';
import type { OverrideState } from './wire-truthful-override.ts';
import { someZodNode, type LooseDef, type ZodVisit } from '../../lib/zod-walk.ts';

interface Gap {
  roles: readonly Role[];
  test: (visit: ZodVisit) => boolean;
  note: string;
}

const GAPS: readonly Gap[] = [
  {
    roles: ['output'],
    test: ({ kind, def }) => kind === 'transform' || kind === 'pipe' || def.coerce === true,
    note: 'Known gap of wire-truthful (SDK PR #2556): the schema has a .transform(), .pipe() or z.coerce, so the listing describes the value after it, while the server ships the raw answer.',
  },
  {
    roles: ['output', 'input'],
    test: ({ kind, def }) => kind === 'catch' && isDynamicCatch(def),
    note: 'Known gap of wire-truthful (SDK PR #2556): a dynamic .catch(fn) cannot be evaluated when listing, so its fallback is not listed.',
  },
  {
    roles: ['output', 'input'],
    test: ({ kind, def }) => (kind === 'default' || kind === 'prefault') && holdsBigInt(def),
    note: 'Known gap of wire-truthful (SDK PR #2556): a BigInt default (.default(0n)) has no JSON form, so the listing leaves it out.',
  },
];

const OBJECT_CATCH_NOTE =
  'Known gap of wire-truthful (SDK PR #2556): a .catch() on an object keeps type: "object" in the listing, so a raw value of another type, which the catch accepts, is rejected by a validating client.';

/** The notes for every known gap the schema hits in this role, one line each, or null. */
export function knownGaps(schema: z.core.$ZodType, role: Role, state: Pick<OverrideState, 'objectCatch'>): string | null {
  const notes = GAPS.filter((gap) => gap.roles.includes(role) && someZodNode(schema, gap.test)).map((gap) => gap.note);
  if (state.objectCatch) notes.push(OBJECT_CATCH_NOTE);
  return notes.length ? notes.join('\n') : null;
}

/** zod's own test: the fallback of a static `.catch(value)` can be computed without a parse context. */
function isDynamicCatch(def: LooseDef): boolean {
  try {
    def.catchValue?.(undefined);
    return false;
  } catch {
    return true;
  }
}

function holdsBigInt(def: LooseDef): boolean {
  let found = false;
  try {
    JSON.stringify(def.defaultValue, (_, value: unknown) => {
      if (typeof value === 'bigint') found = true;
      return typeof value === 'bigint' ? null : value;
    });
  } catch {
    return false;
  }
  return found;
}
