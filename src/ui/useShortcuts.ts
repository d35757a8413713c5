/** The app's keyboard shortcuts, captured before Monaco sees them so they work inside the editors too. */
import { useEffect } from 'react';
import { MOD, SHORTCUTS, type ShortcutKeys } from './shortcuts.ts';
import { useServices, type AppServices } from './storeContext.ts';

/** What each listed shortcut runs (Monaco would otherwise insert a line on Ctrl/Cmd+Enter). */
const BINDINGS: Record<ShortcutKeys, (services: AppServices) => void> = {
  [`${MOD}S`]: (s) => s.share(),
  [`${MOD}Enter`]: (s) => s.rerun(),
};

/** The binding of a Ctrl/Cmd+key press, by the key as KeyboardEvent.key spells it ("s", "Enter"), in any case. */
function bindingOf(key: string): ((services: AppServices) => void) | undefined {
  const shortcut = SHORTCUTS.find((s) => s.keys.slice(MOD.length).toLowerCase() === key.toLowerCase());
  return shortcut && BINDINGS[shortcut.keys];
}

/** Installs the shortcuts on the window. */
export function useShortcuts(): void {
  const services = useServices();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const run = bindingOf(e.key);
      if (!run) return;
      e.preventDefault();
      e.stopPropagation();
      run(services);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [services]);
}
