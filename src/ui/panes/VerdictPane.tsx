/** Pane 3: for each policy row, what the chosen client concludes, with its exact message. */
import { lazy, Suspense } from 'react';
import { CLIENT_ENTRIES, entryOf, type ConverterId } from '../../engine/contract/catalog.ts';
import type { PolicyRow, Verdict } from '../../engine/report.ts';
import { NEEDS_ZOD } from '../../engine/import/listing-source.ts';
import { isConverterNeedsZod, isPolicyNeedsZod4 } from '../../engine/worlds/needs-zod4.ts';
import { complaintLabel, complaintsOf, type Complaint } from '../editor/complaints.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { clipTitle } from './clip.ts';
import { Clipped } from './Clipped.tsx';
import { usePaneGate } from './paneGate.ts';
import { Note } from './Pane.tsx';
import { policyRows, sameAsEarlier } from './policyRows.ts';
import { PathLink } from './PathLink.tsx';
import { VerdictBadge } from './Verdict.tsx';

// Fixes only act on a click and are off in embeds: their code (the fix engine and its parser) loads after the first
// verdict, and never in an embed.
const Fixes = lazy(() => import('../fixes/Fixes.tsx').then((m) => ({ default: m.Fixes })));

/** The verdict pane body. */
export function VerdictPane() {
  const { report, gate } = usePaneGate(true);
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const { options } = useServices();
  if (gate || !report) return <Note>{gate}</Note>;
  const rows = policyRows(report.converters[converter]);
  const chosen = entryOf(CLIENT_ENTRIES, client);
  const others = CLIENT_ENTRIES.filter((c) => c.id !== client);
  return (
    <>
      {client === 'sdk-v1' && report.protocol === '2026-07-28' && <EraHint />}
      {rows.map(({ policy, row }, i) => {
        const verdict = row.verdicts[client];
        const same = sameAsEarlier(rows, i, (r) => r.verdicts[client]?.message);
        return (
          <div className="verdict-row" key={policy.id} data-policy={policy.id}>
            <span className="policy" title={policy.summary}>
              {policy.title}
            </span>
            <span className="client-name" title={chosen.title}>
              {chosen.short}
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
                <Places verdict={verdict} />
                <code className="message said">
                  <Clipped text={verdict.message} />
                </code>
              </>
            ) : (
              verdict?.valid === null && <span className="said muted">{whyNotValidated(row, converter, report.converters[converter] ?? null, chosen.short, report.role)}</span>
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
      {!options.embed && (
        <Suspense fallback={null}>
          <Fixes />
        </Suspense>
      )}
    </>
  );
}

/** SDK 1.x never speaks protocol 2026-07-28: its client has no verdict there, so the pane offers the v2 client in one click. */
function EraHint() {
  const { store } = useServices();
  const v2 = entryOf(CLIENT_ENTRIES, 'sdk-v2-node');
  return (
    <p className="about" data-testid="era-hint">
      SDK 1.x speaks only protocol 2025-11-25, so the v1 client gives no verdict on 2026-07-28.{' '}
      <button type="button" className="link" onClick={() => store.getState().setField('client', 'sdk-v2-node')}>
        Show the {v2.title}
      </button>
    </p>
  );
}

/** The pane's header note: which client, validating how. */
export function VerdictTools() {
  const client = usePlayground((s) => s.client);
  const entry = entryOf(CLIENT_ENTRIES, client);
  return <span className="hint" title={entry.summary}>{entry.title}</span>;
}

/**
 * Where the client complains, from its structured errors, each a link to the spot in the answer: first the keys it
 * refuses that its message does not name (Ajv says only "must NOT have additional properties"), then the other places.
 */
function Places({ verdict }: { verdict: Verdict }) {
  const all = complaintsOf(verdict.errors ?? []).map((c) => ({ ...c, unnamed: c.property !== undefined && !c.text.includes(c.property) }));
  const link = (c: Complaint, i: number) => (
    <PathLink key={i} text={complaintLabel(c)} target={{ pointer: c.pointer, ...(c.property === undefined ? {} : { property: c.property }) }} />
  );
  const unnamed = all.filter((c) => c.unnamed);
  const others = all.filter((c) => !c.unnamed);
  return (
    <>
      {unnamed.length > 0 && (
        <span className="said keys" data-testid="refused-keys" title="the keys the client refuses, from its structured errors (JSON pointers): click one to show it">
          {unnamed.map(link)}
        </span>
      )}
      {others.length > 0 && (
        <span className="said keys" data-testid="places" title="where the client complains, from its structured errors (JSON pointers): click one to show it">
          {others.map(link)}
        </span>
      )}
    </>
  );
}

/** Why the client gave no verdict on this row, in the words of what happened (a failed tools/list is named as such). */
export function whyNotValidated({ shipsAt, refused }: PolicyRow, id: ConverterId, converter: { listed: unknown; listError: string | null } | null, client: string, role: 'input' | 'output'): string {
  if (refused === NEEDS_ZOD) return 'not run: this policy needs the zod source (the listing was imported as given)';
  if (isPolicyNeedsZod4(refused)) return 'not run: this policy needs a zod 4 schema (see Undeclared keys)';
  if (converter && isConverterNeedsZod(id, converter.listError)) return 'not run: this converter needs a zod 4 schema (see Listed)';
  if (converter?.listError) return `not validated: tools/list fails under this converter, so ${client} has no ${role === 'output' ? 'outputSchema' : 'inputSchema'} to validate against (see Listed)`;
  if (shipsAt === null) return 'nothing shipped, so nothing to validate';
  if (converter?.listed === null) return `no ${role === 'output' ? 'outputSchema' : 'inputSchema'} listed, so the client does not validate`;
  return 'the client skips this result';
}
