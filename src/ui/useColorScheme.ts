/** The color scheme the app follows: the system's (prefers-color-scheme), mirrored to <html data-theme>. */
import { useEffect, useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** 'dark' or 'light', live. */
export function useColorScheme(): 'light' | 'dark' {
  const scheme = useSyncExternalStore(subscribe, () => (window.matchMedia(QUERY).matches ? 'dark' : 'light'));
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);
  return scheme;
}
