/** `fail`: FrontMCP refuses an answer with undeclared keys. */
import type { Policy } from '../types.ts';
import { parsedWire } from './analysis.ts';
import { frontmcp, invalidOutput, undeclaredKeysMessage } from './frontmcp.ts';
import { refusal, shipped } from './shipment.ts';

/** FrontMCP's strict policy. */
export const fail: Policy<'fail'> = {
  id: 'fail',
  opensListing: false,
  shipsRaw: false,
  ship: (loaded, answer, analysis) =>
    frontmcp(loaded, analysis, 'fail', (a) =>
      a.undeclared.length > 0 ? { ...refusal(invalidOutput(undeclaredKeysMessage(a.undeclared))), undeclared: a.undeclared } : shipped(parsedWire(a, answer), [], null),
    ),
};
