/** A lazily imported module that builds a schema with the zod the core has. */
import { z } from 'zod';

export const schema = z.object({ a: z.string() });

/** Calls back, as engine code in a chunk calls into a schema's own functions (a refinement, a getter). */
export function callBack(f: () => unknown): unknown {
  return f();
}
