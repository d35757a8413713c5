/** The header: title, examples (and Reset), role switch, tool name, converter and client pickers, then the theme, Help, Export and Share (the version pickers sit in the status bar). */
import { CLIENT_ENTRIES, CONVERTER_ENTRIES } from '../engine/contract/catalog.ts';
import { ExamplesMenu } from './controls/ExamplesMenu.tsx';
import { ExportMenu } from './controls/ExportMenu.tsx';
import { HelpButton } from './help/HelpButton.tsx';
import { Picker } from './controls/Picker.tsx';
import { RoleSwitch } from './controls/RoleSwitch.tsx';
import { ShareButton } from './controls/ShareButton.tsx';
import { ThemeSwitch } from './controls/ThemeSwitch.tsx';
import { Toast } from './controls/Toast.tsx';
import { ToolField } from './controls/ToolField.tsx';
import { usePlayground, useServices } from './storeContext.ts';

/** The app header. */
export function Header() {
  const { store } = useServices();
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const { setField } = store.getState();
  return (
    <header className="app-header">
      <h1>
        MCP Schema <span>Playground</span>
      </h1>
      {/* Three groups that wrap whole, never mid-group: the case (example, role, tool), the pickers, and the page's own
          actions, which stay at the right of the title's row on every width (styles.css, "header"). */}
      <div className="controls">
        <div className="control-group">
          <ExamplesMenu />
          <RoleSwitch />
          <ToolField />
        </div>
        <div className="control-group">
          <Picker label="Converter" options={CONVERTER_ENTRIES} value={converter} onChange={(id) => setField('converter', id)} />
          <Picker label="Client" options={CLIENT_ENTRIES} value={client} onChange={(id) => setField('client', id)} />
        </div>
      </div>
      <div className="header-actions">
        <ThemeSwitch />
        <HelpButton />
        <div className="share">
          <Toast />
          <ExportMenu />
          <ShareButton />
        </div>
      </div>
    </header>
  );
}
