/**
 * The theme the user picked in the header (light, dark or auto), remembered in localStorage. An embed never reads or
 * writes it: its page's `theme=` option decides.
 */
import { browserStorage } from '../state/persistence/drafts.ts';
import { THEMES, type Theme } from './embed/options.ts';

/** The storage key of the chosen theme. */
export const THEME_KEY = 'mcp-schema-playground:theme';

const listeners = new Set<() => void>();
/** This page's last pick (it holds even when storage refuses the write). */
let memory: Theme | null = null;

/** The remembered choice, or null when none is stored (or storage is unavailable). */
export function storedTheme(): Theme | null {
  try {
    const value = browserStorage()?.getItem(THEME_KEY);
    return THEMES.find((t) => t === value) ?? null;
  } catch {
    return null;
  }
}

/** Remembers `theme` (best effort: without storage it still applies until the page closes) and tells the subscribers. */
export function chooseTheme(theme: Theme): void {
  memory = theme;
  try {
    browserStorage()?.setItem(THEME_KEY, theme);
  } catch {
    // A full or blocked storage: the choice holds for this page only.
  }
  for (const l of listeners) l();
}

/** The current choice: this page's last pick, else the stored one, else 'auto'. */
export function currentTheme(): Theme {
  return memory ?? storedTheme() ?? 'auto';
}

/** Subscribes to choices (for useSyncExternalStore). */
export function subscribeTheme(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
