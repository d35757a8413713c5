/** The header's theme switch: light, dark or auto (the system's), remembered across visits. */
import { useSyncExternalStore } from 'react';
import { THEMES } from '../embed/options.ts';
import { chooseTheme, currentTheme, subscribeTheme } from '../themeChoice.ts';

const LABEL = { light: 'Light', dark: 'Dark', auto: 'Auto' } as const;
const HINT = { light: 'Light theme', dark: 'Dark theme', auto: 'Follow the system’s light or dark setting' } as const;

/** Three radio buttons styled as one control. */
export function ThemeSwitch() {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'auto' as const);
  return (
    <fieldset className="segmented theme-switch">
      <legend className="visually-hidden">Theme</legend>
      {THEMES.map((t) => (
        <label key={t} title={HINT[t]} data-checked={theme === t}>
          <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => chooseTheme(t)} />
          {LABEL[t]}
        </label>
      ))}
    </fieldset>
  );
}
