/** The app's keyboard shortcuts, captured before Monaco sees them so they work inside the editors too. */
import { useEffect } from 'react';
import { useServices, type AppServices } from './storeContext.ts';

/** One Ctrl/Cmd+key shortcut. */
interface Shortcut {
  key: string;
  run(services: AppServices): void;
}

/** Ctrl/Cmd+S copies the link; Ctrl/Cmd+Enter evaluates again (Monaco would otherwise insert a line). */
export const SHORTCUTS: readonly Shortcut[] = [
  { key: 's', run: (s) => s.share() },
  { key: 'enter', run: (s) => s.rerun() },
];

/** Installs the shortcuts on the window. */
export function useShortcuts(): void {
  const services = useServices();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const shortcut = SHORTCUTS.find((s) => s.key === e.key.toLowerCase());
      if (!shortcut) return;
      e.preventDefault();
      e.stopPropagation();
      shortcut.run(services);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [services]);
}
