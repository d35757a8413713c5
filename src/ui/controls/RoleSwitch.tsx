/** The role switch: output answer or input arguments (a segmented radio group). */
import { ROLE_ENTRIES } from '../../engine/contract/catalog.ts';
import { usePlayground, useServices } from '../storeContext.ts';

/** Two radio buttons styled as one control. */
export function RoleSwitch() {
  const { store } = useServices();
  const role = usePlayground((s) => s.role);
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Role</legend>
      {ROLE_ENTRIES.map((o) => (
        <label key={o.id} title={o.summary} data-checked={role === o.id}>
          <input type="radio" name="role" value={o.id} checked={role === o.id} onChange={() => store.getState().setField('role', o.id)} />
          {o.title}
        </label>
      ))}
    </fieldset>
  );
}
