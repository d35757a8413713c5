/** The Share button (Ctrl/Cmd+S does the same, see useShortcuts). */
import { useServices } from '../storeContext.ts';

/** Copies the permalink. */
export function ShareButton() {
  const { share } = useServices();
  return (
    <button type="button" className="primary" onClick={share} title="Copy a link to this case (Ctrl/Cmd+S)">
      Share
    </button>
  );
}
