/** The header's Help button, one glyph wide beside the theme's (`?` does the same outside the editors). */
import { useServices } from '../storeContext.ts';

/** Opens the Help panel. */
export function HelpButton() {
  const { ui } = useServices();
  return (
    <button type="button" className="ghost help-button" aria-haspopup="dialog" aria-label="Help" title="Help: what this is, shortcuts, glossary, version (?)" onClick={() => ui.getState().setHelp(true)}>
      <span aria-hidden="true">?</span>
    </button>
  );
}
