/** The examples gallery: every example with its one-line explanation; choosing one opens it. */
import { EXAMPLES } from '../../examples/index.ts';
import { exampleCase } from '../../state/examples.ts';
import { useServices } from '../storeContext.ts';
import { Menu, MenuItem } from './Menu.tsx';

/** The Examples menu. */
export function ExamplesMenu() {
  const { store } = useServices();
  return (
    <Menu label="Examples" className="examples-menu" title="Open a real-world case">
      {EXAMPLES.map((example) => (
        <MenuItem key={example.id} description={example.explanation} onSelect={() => store.getState().loadCase(exampleCase(example), example.id)}>
          {example.title}
        </MenuItem>
      ))}
    </Menu>
  );
}
