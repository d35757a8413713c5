import type { Case } from '../engine/case.ts';
/** The case a fresh playground opens with: the Copilot failure (an answer with keys its outputSchema does not declare). */

const SCHEMA = `import { z } from 'zod';

export default z.object({
  id: z.string(),
  total: z.number(),
  lines: z.array(
    z.object({
      sku: z.string(),
      qty: z.number(),
    }),
  ),
});
`;

const ANSWER = `{
  "id": "INV-1042",
  "total": 129.5,
  "costCenter": "CC-7",
  "lines": [
    { "sku": "A-1", "qty": 2, "margin": 0.31 },
    { "sku": "B-7", "qty": 1 }
  ]
}
`;

/** The default case: `get_invoice`, listed by the published v1 SDK and validated by its client. */
export const DEFAULT_CASE = {
  role: 'output',
  tool: 'get_invoice',
  schema: SCHEMA,
  answer: ANSWER,
  converter: 'mcp-sdk-v1',
  client: 'sdk-v1',
} satisfies Case;
