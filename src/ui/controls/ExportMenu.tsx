/** The Export menu: the link, a Markdown bug report, the case as JSON, a Vitest reproduction. */
import { EXPORTS, type ExportAction } from './exportActions.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { Menu, MenuItem } from './Menu.tsx';

/** The menu. */
export function ExportMenu() {
  return (
    <Menu label="Export" title="Copy or download this case">
      {EXPORTS.map((action) => (
        <ExportItem key={action.id} action={action} />
      ))}
    </Menu>
  );
}

function ExportItem({ action }: { action: ExportAction }) {
  const services = useServices();
  const why = usePlayground((s) => action.unavailable(s, services.links));
  const { store } = services;
  return (
    <MenuItem disabledBecause={why} onSelect={() => void action.run(store.getState(), services).then((notice) => store.getState().setToast(notice))}>
      {action.label}
    </MenuItem>
  );
}
