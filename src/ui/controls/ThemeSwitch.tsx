/**
 * The header's theme button: light, dark or auto (the system's), one click to the next, remembered across visits.
 * One glyph wide, so the header keeps to one line.
 */
import { THEMES } from '../embed/options.ts';
import { useServices, useUi } from '../storeContext.ts';

const LOOK = {
  light: { glyph: '☀', word: 'light' },
  dark: { glyph: '☾', word: 'dark' },
  auto: { glyph: '◐', word: 'auto (as the system)' },
} as const;

/** A button that shows the theme chosen and moves to the next. */
export function ThemeSwitch() {
  const { ui } = useServices();
  const theme = useUi((s) => s.theme);
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'auto';
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
