/**
 * The compare view (a modal dialog): runs the case on screen in every zod × SDK world through the side runs, within
 * a stated time bound, and shows the grid. Opened by a button, never on a keystroke; a change to the case cancels it.
 */
import { useEffect, useRef } from 'react';
import { usePlayground, useServices } from '../storeContext.ts';
import { COLUMNS, DEFAULT_CELL } from './columns.ts';
import { CompareTable } from './CompareTable.tsx';
import { compareStatus, useCompare } from './useCompare.ts';

/** Props: close the dialog. */
export interface CompareDialogProps {
  onClose(): void;
}

/** The dialog. */
export default function CompareDialog({ onClose }: CompareDialogProps) {
  const { store } = useServices();
  const dialog = useRef<HTMLDialogElement>(null);
  const { runs, changed, again } = useCompare();
  const client = usePlayground((s) => s.client);
  const versions = usePlayground((s) => s.versions);
  const status = compareStatus(runs, changed);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="compare-dialog" aria-labelledby="compare-title" onClose={onClose}>
      <header className="compare-head">
        <h2 id="compare-title">Compare versions</h2>
        <p className="hint" role="status" data-testid="compare-status">
          {status}
        </p>
        {(changed || status.startsWith('Stopped')) && (
          <button type="button" className="ghost" onClick={again}>
            Compare again
          </button>
        )}
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} autoFocus>
          Close
        </button>
      </header>
      <CompareTable
        runs={runs}
        client={client}
        current={versions}
        onPick={(zod, column) => {
          const v = column.versions(zod);
          store.getState().setVersions(column.converter === 'mcp-sdk-v1' ? { zod, sdk: v.sdk } : { zod, server: v.server });
        }}
      />
      <p className="hint compare-note">
        Each cell: does that SDK’s server list the tool, and the client’s verdict on the answer it ships (raw policy, what
        the SDKs do). A marked cell (≠) differs in listing or verdict from the default cell, zod {DEFAULT_CELL.zod} under{' '}
        {COLUMNS.find((c) => c.id === DEFAULT_CELL.column)?.title}. Click a cell to pick its versions.
      </p>
    </dialog>
  );
}
