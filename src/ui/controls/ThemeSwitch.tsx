/**
 * The header's theme button: light, dark or auto (the system's), one click to the next, remembered across visits.
 * One glyph wide, so the header keeps to one line.
 */
import type { Theme } from '../embed/options.ts';
import { useServices, useUi } from '../storeContext.ts';
import { useSystemScheme } from '../useColorScheme.ts';

const LOOK = {
  light: { glyph: '☀', word: 'light' },
  dark: { glyph: '☾', word: 'dark' },
  auto: { glyph: '◐', word: 'auto (as the system)' },
} as const;

/**
 * The theme after `theme`: from auto, the scheme the system is not showing (so the first click always changes what is
 * seen), then the other one, then auto again.
 */
export function nextTheme(theme: Theme, system: 'light' | 'dark'): Theme {
  const opposite = system === 'light' ? 'dark' : 'light';
  if (theme === 'auto') return opposite;
  return theme === opposite ? system : 'auto';
}

/** A button that shows the theme chosen and moves to the next. */
export function ThemeSwitch() {
  const { ui } = useServices();
  const theme = useUi((s) => s.theme);
  const next = nextTheme(theme, useSystemScheme());
  return (
    <button
      type="button"
      className="ghost theme-switch"
      data-theme-choice={theme}
      aria-label={`Theme: ${LOOK[theme].word}`}
      title={`Theme: ${LOOK[theme].word}. Click for ${LOOK[next].word}.`}
      onClick={() => ui.getState().chooseTheme(next)}
    >
      <span aria-hidden="true">{LOOK[theme].glyph}</span>
    </button>
  );
}
