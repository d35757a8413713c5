/** `strip`: FrontMCP ships the parsed answer, undeclared keys silently dropped. */
import type { Policy } from '../types.ts';
import { parsedWire } from './analysis.ts';
import { frontmcp } from './frontmcp.ts';
import { shipped } from './shipment.ts';

/** FrontMCP's default policy. */
export const strip: Policy<'strip'> = {
  id: 'strip',
  opensListing: false,
  shipsRaw: false,
  ship: (loaded, answer, analysis) => frontmcp(loaded, analysis, 'strip', (a) => shipped(parsedWire(a, answer), a.undeclared, null)),
};
