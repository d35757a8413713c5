/** The Share button and its "Link copied" notice (Ctrl/Cmd+S does the same, see App). */
import { useEffect } from 'react';
import { usePlayground, useServices } from '../storeContext.ts';

const TOAST_MS = 2500;

/** Copies the permalink. */
export function ShareButton() {
  const { store, share } = useServices();
  const toast = usePlayground((s) => s.toast);
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => store.getState().setToast(null), TOAST_MS);
    return () => clearTimeout(t);
  }, [toast, store]);
  return (
    <div className="share">
      <button type="button" className="primary" onClick={share} title="Copy a link to this case (Ctrl/Cmd+S)">
        Share
      </button>
      <span className="toast" role="status" aria-live="polite">
        {toast}
      </span>
    </div>
  );
}
