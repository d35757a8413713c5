/** The examples gallery: every example with its one-line explanation, and Reset to the default case (with Undo). */
import { EXAMPLES } from '../../examples/index.ts';
import { DEFAULT_CASE } from '../../state/defaults.ts';
import { exampleCase } from '../../examples/links.ts';
import { useServices } from '../storeContext.ts';
import { Menu, MenuItem } from './Menu.tsx';

/** The Examples menu. */
export function ExamplesMenu() {
  const { store } = useServices();
  return (
    <Menu label="Examples" className="examples-menu" title="Open a real-world case, or reset to the default one">
      {EXAMPLES.map((example) => (
        <MenuItem key={example.id} description={example.explanation} onSelect={() => store.getState().loadCase(exampleCase(example), example.id)}>
          {example.title}
        </MenuItem>
      ))}
      <hr className="menu-separator" />
      <MenuItem description="The case a fresh playground opens with (the notice offers Undo)." onSelect={() => store.getState().reset(DEFAULT_CASE)}>
        Reset to the default case
      </MenuItem>
    </Menu>
  );
}
