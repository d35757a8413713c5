/** The color scheme the app follows: the page's `theme=` option, else the system's; mirrored to <html data-theme>. */
import { useEffect, useSyncExternalStore } from 'react';
import { useServices } from './storeContext.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** 'dark' or 'light', live. */
export function useColorScheme(): 'light' | 'dark' {
  const { theme } = useServices().options;
  const system = useSyncExternalStore(subscribe, () => (window.matchMedia(QUERY).matches ? 'dark' : 'light'));
  const scheme = theme === 'auto' ? system : theme;
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);
  return scheme;
}
