/** The "Compare versions" button: opens the compare view (its own lazily loaded chunk: most sessions never open it). */
import { Suspense, lazy, useState } from 'react';

const CompareDialog = lazy(() => import('../compare/CompareDialog.tsx'));

/** The button, and the dialog while open. */
export function CompareButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog" title="Run this case under every zod and SDK version">
        Compare versions
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompareDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
