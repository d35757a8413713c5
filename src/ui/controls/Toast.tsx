/** The short-lived notice ("Link copied", "The case was reset." with Undo), announced politely. */
import { useEffect } from 'react';
import { usePlayground, useServices } from '../storeContext.ts';

const TOAST_MS = 2500;
/** Long enough to notice a reset and reach for Undo. */
const UNDO_MS = 10_000;

/** The notice, if there is one. */
export function Toast() {
  const { store } = useServices();
  const toast = usePlayground((s) => s.toast);
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => store.getState().setToast(null), toast.undo ? UNDO_MS : TOAST_MS);
    return () => clearTimeout(t);
  }, [toast, store]);
  return (
    <span className="toast" role="status" aria-live="polite">
      {toast?.text}
      {toast?.undo && (
        <button
          type="button"
          className="link"
          onClick={() => {
            const { loadCase, setToast } = store.getState();
            if (toast.undo) loadCase(toast.undo);
            setToast('Restored');
          }}
        >
          Undo
        </button>
      )}
    </span>
  );
}
