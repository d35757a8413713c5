/**
 * The theme the user picked in the header (light, dark or auto), remembered in localStorage (the UI store, uiStore.ts,
 * holds the current choice). An embed never reads or writes it: its page's `theme=` option decides.
 */
import { browserStorage } from '../state/persistence/storages.ts';
import { THEMES, type Theme } from './embed/options.ts';

/** The storage key of the chosen theme. */
export const THEME_KEY = 'mcp-schema-playground:theme';

/** The remembered choice, or null when none is stored (or storage is unavailable). */
export function storedTheme(): Theme | null {
  try {
    const value = browserStorage()?.getItem(THEME_KEY);
    return THEMES.find((t) => t === value) ?? null;
  } catch {
    return null;
  }
}

/** Remembers `theme` (best effort: without storage the choice still holds in the UI store until the page closes). */
export function rememberTheme(theme: Theme): void {
  try {
    browserStorage()?.setItem(THEME_KEY, theme);
  } catch {
    // A full or blocked storage: the choice holds for this page only.
  }
}
