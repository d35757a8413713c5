/** The compare grid: zod versions (rows) × SDKs (columns); each cell a button that picks its versions. */
import type { ClientId } from '../../engine/contract/catalog.ts';
import type { Protocol, Versions, ZodVersion } from '../../engine/contract/versions.ts';
import { cellOf, differs, differsInEra, type Cell, type WorldRun } from './cells.ts';
import { clientFor, clientShort, COLUMNS, DEFAULT_CELL, eraReference, ROWS, worldKey, worldOf, type Column } from './columns.ts';

/** Props: the runs so far, the picked client and versions, and what a click picks. */
export interface CompareTableProps {
  runs: ReadonlyMap<string, WorldRun>;
  client: ClientId;
  current: Versions;
  protocol: Protocol;
  onPick(zod: ZodVersion, column: Column): void;
  /** The cells are an earlier case's (the case changed since they ran): shown dimmed. */
  stale?: boolean;
}

/** The table. */
export function CompareTable({ runs, client, current, protocol, onPick, stale = false }: CompareTableProps) {
  const cell = (zod: ZodVersion, column: Column): Cell => cellOf(runs.get(worldKey(worldOf(column, zod))), column, client);
  const defaultColumn = COLUMNS.find((c) => c.id === DEFAULT_CELL.column);
  const reference = defaultColumn ? cell(DEFAULT_CELL.zod, defaultColumn) : null;
  return (
    <table className="compare-table" data-testid="compare-table" data-stale={stale}>
      <caption className="visually-hidden">Listing and verdict per zod version (rows) and SDK (columns)</caption>
      <thead>
        <tr>
          <th scope="col">zod \ SDK</th>
          {COLUMNS.map((column) => (
            <th scope="col" key={column.id}>
              {column.title}
              <ColumnClient column={column} picked={client} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((zod) => (
          <tr key={zod}>
            <th scope="row">zod {zod}</th>
            {COLUMNS.map((column) => {
              const c = cell(zod, column);
              const v = column.versions(zod);
              const isCurrent = current.zod === zod && (column.converter === 'mcp-sdk-v1' ? current.sdk === v.sdk : current.server === v.server && protocol === column.protocol);
              const isDefault = zod === DEFAULT_CELL.zod && column.id === DEFAULT_CELL.column;
              // A modern-era cell is also compared with the same row's 2025-11-25 cell of its v2 version.
              const other = eraReference(column);
              const eraDiffers = other !== undefined && differsInEra(c, cell(zod, other));
              return (
                <td key={column.id} data-differs={reference !== null && !isDefault && differs(c, reference)} data-era-differs={eraDiffers} data-current={isCurrent}>
                  <button type="button" className="compare-cell" onClick={() => onPick(zod, column)}>
                    <span className="visually-hidden">
                      Pick zod {zod} with {column.title}:{' '}
                    </span>
                    <CellBody cell={c} isDefault={isDefault} />
                    {eraDiffers && <span className="compare-era-differs">≠ 2025-11-25</span>}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Which client a column's verdicts are from: the picked one, or this SDK's when the picked one is another SDK's. */
function ColumnClient({ column, picked }: { column: Column; picked: ClientId }) {
  const { client, substituted } = clientFor(column, picked);
  return (
    <span className="hint">
      {' '}
      · client {clientShort(client)}
      {substituted && <span className="compare-substituted"> (the picked {clientShort(picked)} client is another SDK’s)</span>}
    </span>
  );
}

function CellBody({ cell, isDefault }: { cell: Cell; isDefault: boolean }) {
  if (cell.kind === 'queued') return <span className="hint">running…</span>;
  if (cell.kind === 'no-time') {
    const why = cell.budgetMs === null ? 'not run' : `ran past its ${cell.budgetMs / 1000} s bound twice`;
    return <span className="hint">no time: {why}; Compare again runs it</span>;
  }
  if (cell.kind === 'failed') return <span className="compare-failed">run failed: {cell.message}</span>;
  return (
    <>
      {isDefault && <span className="compare-default">default </span>}
      <span className={cell.listed ? 'compare-listed' : 'compare-unlisted'}>
        {cell.listing}
        <span className="visually-hidden">; </span>
      </span>
      <span className="compare-verdict" data-verdict={cell.verdict}>
        <b>{cell.verdict === 'none' ? 'no verdict' : cell.verdict}</b>
        {cell.message && <span> {cell.message}</span>}
      </span>
    </>
  );
}
