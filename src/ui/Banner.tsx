/** Messages above the panes: a dismissible banner (e.g. why a link could not be opened), and the previous draft's note. */
import { useState } from 'react';
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

/** While a saved draft is not the case on screen (a link was opened over it): a way back to it. */
export function DraftNote() {
  const { store } = useServices();
  const previous = usePlayground((s) => s.previousDraft);
  const linked = usePlayground((s) => s.linked);
  const [hidden, setHidden] = useState(false);
  if (!previous || hidden) return null;
  return (
    <div className="banner" data-tone="info" data-testid="draft-note">
      <p>{linked ? 'Opened from a link: your saved draft is kept until you edit this case.' : 'Your previous draft is kept.'}</p>
      <button type="button" className="primary" onClick={() => store.getState().restorePreviousDraft()}>
        Restore previous draft
      </button>
      <button type="button" className="ghost" onClick={() => setHidden(true)} aria-label="Hide this note (the previous draft stays saved)">
        Dismiss
      </button>
    </div>
  );
}
