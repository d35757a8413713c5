/**
 * The app's keyboard shortcuts (the list: shortcuts.ts), captured before Monaco sees them so the Ctrl/Cmd ones work
 * inside the editors too. Esc and Ctrl/Cmd+Z are the dialogs', menus' and editors' own; `?` opens Help only outside
 * anything that takes text.
 */
import { useEffect } from 'react';
import type { ShortcutKeys } from './shortcuts.ts';
import { useServices, type AppServices } from './storeContext.ts';

/** How a key press is matched to a listed shortcut, and what it does (absent: the browser's or an editor's own). */
interface Binding {
  matches(e: KeyboardEvent): boolean;
  run(services: AppServices): void;
}

const ctrl = (key: string) => (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === key;

/** The shortcuts the app itself installs, by their listed keys. */
const BINDINGS: Partial<Record<ShortcutKeys, Binding>> = {
  'Ctrl/Cmd+S': { matches: ctrl('s'), run: (s) => s.share() },
  // Monaco would otherwise insert a line.
  'Ctrl/Cmd+Enter': { matches: ctrl('enter'), run: (s) => s.rerun() },
  '?': { matches: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !takesText(e.target), run: (s) => void (s.options.embed || s.ui.getState().setHelp(true)) },
};

/** True for an element that takes typed text (a field, Monaco's hidden textarea, anything contenteditable). */
function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, .monaco-editor') !== null;
}

/** Installs the shortcuts on the window. */
export function useShortcuts(): void {
  const services = useServices();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const binding = Object.values(BINDINGS).find((b) => b.matches(e));
      if (!binding) return;
      e.preventDefault();
      e.stopPropagation();
      binding.run(services);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [services]);
}
