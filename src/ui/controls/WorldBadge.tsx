/** Says which non-default world the case runs ("zod 3.25.76 · SDK 1.20.2"), beside the status; nothing for the defaults. */
import { describeWorld } from '../../state/caseChoices.ts';
import { usePlayground } from '../storeContext.ts';

/** The badge, or nothing. */
export function WorldBadge() {
  const world = usePlayground((s) => describeWorld(s));
  if (world === '') return null;
  return (
    <span className="world-badge" data-testid="world" title="This case runs these versions instead of the defaults">
      {world}
    </span>
  );
}
