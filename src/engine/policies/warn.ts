/** `warn`: like `strip`, and the server logs the keys it dropped. */
import type { Policy } from '../types.ts';
import { parsedWire } from './analysis.ts';
import { frontmcp, warnLog } from './frontmcp.ts';
import { shipped } from './shipment.ts';

/** FrontMCP's strip-and-log policy. */
export const warn: Policy<'warn'> = {
  id: 'warn',
  opensListing: false,
  shipsRaw: false,
  ship: (loaded, answer, analysis) =>
    frontmcp(loaded, analysis, 'warn', (a) => shipped(parsedWire(a, answer), a.undeclared, a.undeclared.length > 0 ? warnLog(loaded.tool, a.undeclared) : null)),
};
