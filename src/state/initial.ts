/** Where the app starts, from the link and the autosave. Pure: the location and the restored save are passed in. */
import type { Restored } from './autosave.ts';
import { getInitialState, type PlaygroundCase } from './permalink.ts';
import { engineCaseChanged } from './store.ts';

/** The starting case, why the link could not be opened (if so), the example it names, and whether to hold the run. */
export interface StartingPoint {
  state: PlaygroundCase;
  error: string | null;
  example: string | null;
  /** The case timed out the last time it was open: restore it, but do not run it until the user asks. */
  held: boolean;
}

/**
 * A link wins over the autosave (the user opened it on purpose); with no link, the autosaved case comes back. Either
 * way a case whose last run timed out is held, so a link that hangs the worker cannot loop on every reload.
 */
export function startingPoint(location: { hash: string }, fallback: PlaygroundCase, restored: Restored | null): StartingPoint {
  const hasLink = location.hash !== '' && location.hash !== '#';
  const initial = hasLink || !restored ? getInitialState(location, fallback) : { state: restored.state, error: null, example: null };
  const held = restored !== null && restored.timedOut && !engineCaseChanged(restored.state, initial.state);
  return { ...initial, held };
}
