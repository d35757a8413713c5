/** Pane 3: for each policy row, what the chosen client concludes, with its exact message. */
import { CLIENT_ENTRIES, entryOf } from '../../engine/contract/catalog.ts';
import type { Verdict } from '../../engine/report.ts';
import { unnamedKeys } from '../editor/complaints.ts';
import { usePlayground } from '../storeContext.ts';
import { clipTitle } from './clip.ts';
import { Clipped } from './Clipped.tsx';
import { usePaneGate } from './paneGate.ts';
import { Note } from './Pane.tsx';
import { policyRows, sameAsEarlier } from './policyRows.ts';
import { VerdictBadge } from './Verdict.tsx';
import { Fixes } from '../fixes/Fixes.tsx';

/** Characters of one refused key shown (an answer's key can be any length). */
const KEY_CHARS = 200;

/** The verdict pane body. */
export function VerdictPane() {
  const { report, gate } = usePaneGate(true);
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  if (gate || !report) return <Note>{gate}</Note>;
  const rows = policyRows(report.converters[converter]);
  const others = CLIENT_ENTRIES.filter((c) => c.id !== client);
  return (
    <>
      {rows.map(({ policy, row }, i) => {
        const verdict = row.verdicts[client];
        const same = sameAsEarlier(rows, i, (r) => r.verdicts[client]?.message);
        return (
          <div className="verdict-row" key={policy.id} data-policy={policy.id}>
            <span className="policy" title={policy.summary}>
              {policy.title}
            </span>
            <VerdictBadge verdict={verdict} />
            <span className="others">
              {others.map((o) => (
                <span key={o.id} className="other" title={clipTitle(row.verdicts[o.id]?.message)}>
                  {o.short} <VerdictBadge verdict={row.verdicts[o.id]} small />
                </span>
              ))}
            </span>
            {same ? (
              <span className="said muted" title={clipTitle(verdict?.message)}>the same message as {same}</span>
            ) : verdict?.message ? (
              <>
                <RefusedKeys verdict={verdict} />
                <code className="message said">
                  <Clipped text={verdict.message} />
                </code>
              </>
            ) : (
              verdict?.valid === null && <span className="said muted">{whyNotValidated(row.ships, report.converters[converter]?.listed ?? null)}</span>
            )}
            {report.role === 'input' && row.refused !== null && verdict && verdict.valid !== null && (
              <span className="said refused-after">
                {`The client says the arguments are ${verdict.valid ? 'valid' : 'invalid'}, then the server refuses them: `}
                <Clipped text={row.refused} />
              </span>
            )}
          </div>
        );
      })}
      {rows.length === 0 && <Note>No policy applies.</Note>}
      <Fixes />
    </>
  );
}

/** The pane's header note: which client, validating how. */
export function VerdictTools() {
  const client = usePlayground((s) => s.client);
  const entry = entryOf(CLIENT_ENTRIES, client);
  return <span className="hint" title={entry.summary}>{entry.title}</span>;
}

/** The keys the client refuses that its message does not name (Ajv says only "must NOT have additional properties"). */
function RefusedKeys({ verdict }: { verdict: Verdict }) {
  const keys = unnamedKeys(verdict.errors ?? []);
  if (keys.length === 0) return null;
  return (
    <span className="said keys" data-testid="refused-keys" title="the keys the client refuses, from its structured errors (JSON pointers)">
      {keys.map((key, i) => (
        <code className="key" key={i}>
          <Clipped text={key} max={KEY_CHARS} />
        </code>
      ))}
    </span>
  );
}

function whyNotValidated(ships: unknown, listed: unknown): string {
  if (ships === null) return 'nothing shipped, so nothing to validate';
  if (listed === null) return 'no schema listed, so the client does not validate';
  return 'the client skips this result';
}
