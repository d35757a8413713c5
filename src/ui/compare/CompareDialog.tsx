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
  const running = [...runs.values()].some((r) => r.kind === 'queued');
  const client = usePlayground((s) => s.client);
  const versions = usePlayground((s) => s.versions);
  const protocol = usePlayground((s) => s.protocol);
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
        {(changed || (!running && [...runs.values()].some((r) => r.kind === 'no-time'))) && (
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
        protocol={protocol}
        stale={changed}
        onPick={(zod, column) => {
          const v = column.versions(zod);
          const { setField, setVersions } = store.getState();
          setVersions(column.converter === 'mcp-sdk-v1' ? { zod, sdk: v.sdk } : { zod, server: v.server });
          if (column.converter === 'mcp-sdk-v2') setField('protocol', column.protocol);
        }}
      />
      <p className="hint compare-note">
        Each cell: does that SDK’s server list the tool, and the client’s verdict on the answer it ships (raw policy, what
        the SDKs do). A marked cell (≠) differs in listing or verdict from the default cell, zod {DEFAULT_CELL.zod} under{' '}
        {COLUMNS.find((c) => c.id === DEFAULT_CELL.column)?.title}. The v2 columns run both protocol eras (SDK v1 speaks
        only 2025-11-25); a 2026-07-28 cell marked “≠ 2025-11-25” differs in listing, verdict or message from the same
        row’s 2025-11-25 cell. Click a cell to pick its versions (and era).
      </p>
    </dialog>
  );
}
