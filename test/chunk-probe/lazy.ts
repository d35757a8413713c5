/** A lazily imported module that builds a schema with the zod the core has. */
import { z } from 'zod';

export const schema = z.object({ a: z.string() });
