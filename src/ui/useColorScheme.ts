/**
 * The color scheme the app follows: in an embed, the page's `theme=` option; in the full app, the header's choice
 * (remembered); 'auto' follows the system. Mirrored to <html data-theme>.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useServices, useUi } from './storeContext.ts';

const QUERY = '(prefers-color-scheme: dark)';

/** The system's scheme, live: one query list per component (React reads the snapshot on every render, and `matchMedia` makes a new list per call). */
export function useSystemScheme(): 'light' | 'dark' {
  const list = useMemo(() => window.matchMedia(QUERY), []);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => (list.matches ? 'dark' : 'light'));
}

/** 'dark' or 'light', live. */
export function useColorScheme(): 'light' | 'dark' {
  const { theme: option, embed } = useServices().options;
  const chosen = useUi((s) => s.theme);
  const system = useSystemScheme();
  const theme = embed ? option : chosen;
  const scheme = theme === 'auto' ? system : theme;
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);
  return scheme;
}
