/** A dismissible message above everything (e.g. why a link could not be opened). */
import { usePlayground, useServices } from './storeContext.ts';

/** The banner, when there is one. */
export function Banner() {
  const { store } = useServices();
  const banner = usePlayground((s) => s.banner);
  if (!banner) return null;
  return (
    <div className="banner" data-tone={banner.tone} role="alert" data-testid="banner">
      <p>{banner.text}</p>
      <button type="button" className="ghost" onClick={() => store.getState().setBanner(null)} aria-label="Dismiss this message">
        Dismiss
      </button>
    </div>
  );
}
