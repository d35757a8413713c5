/** Reset: back to the default case, with Undo in the notice. */
import { DEFAULT_CASE } from '../../state/defaults.ts';
import { useServices } from '../storeContext.ts';

/** The Reset button. */
export function ResetButton() {
  const { store } = useServices();
  return (
    <button type="button" className="ghost" onClick={() => store.getState().reset(DEFAULT_CASE)} title="Replace this case with the default one (you can undo)">
      Reset
    </button>
  );
}
