/** Pane 2: per policy, the undeclared key paths, what ships, and the log line or refusal. */
import { Fragment, useState } from 'react';
import { POLICY_ENTRIES, titleOf } from '../../engine/contract/catalog.ts';
import { NEEDS_ZOD } from '../../engine/import/listing-source.ts';
import { isConverterNeedsZod, isPolicyNeedsZod4 } from '../../engine/worlds/needs-zod4.ts';
import { shipsOf } from '../../engine/values.ts';
import { usePlayground } from '../storeContext.ts';
import { clipTitle, LIST_ITEMS } from './clip.ts';
import { Clipped } from './Clipped.tsx';
import { usePaneGate } from './paneGate.ts';
import { JsonView } from './JsonView.tsx';
import { Note } from './Pane.tsx';
import { policyRows, sameAsEarlier } from './policyRows.ts';
import { Reveal } from './Reveal.tsx';
import { ShipsChanges } from './ShipsChanges.tsx';
import { ShipsSummary } from './ShipsSummary.tsx';
import { PathLink } from './PathLink.tsx';

/** The undeclared-keys pane body. */
export function UndeclaredPane() {
  const { report, gate } = usePaneGate(true);
  const converter = usePlayground((s) => s.converter);
  if (gate || !report) return <Note>{gate}</Note>;
  const rows = policyRows(report.converters[converter]);
  const input = report.input;
  // The answer as the tool returned it is what `raw` ships; each other policy is shown against it.
  const answer = shipsOf(report, report.converters[converter]?.policies.raw);
  return (
    <>
      {rows.length > 1 && <PolicyNote />}
      {report.answerDates && (
        <p className="about" data-testid="answer-dates">
          <code>{report.answerDates.join(', ')}</code>: an ISO date-time string at a <code>z.date()</code> stands for the Date the handler
          returns: the server’s parse sees a Date, and what ships is the string <code>JSON.stringify</code> writes.
        </p>
      )}
      {input && (
        <div className="policy-row">
          <span className="policy">server</span>
          <Keys paths={input.dropped} unjudged={input.unjudged} />
          <span className="ships">{input.ok ? <ShipsSummary ships={input.parsed} label="parses to" /> : <span className="muted">rejects the arguments</span>}</span>
          {input.ok && <ShipsChanges answer={answer} ships={input.parsed} />}
          {input.error && (
            <code className="message said" data-tone="error">
              <Clipped text={input.error} />
            </code>
          )}
        </div>
      )}
      {rows.map(({ policy, row }, i) => {
        // A policy that walks zod's internals, or a converter that does, on a schema it cannot read: it did not run.
        const notRun = isPolicyNeedsZod4(row.refused) || isConverterNeedsZod(converter, row.refused);
        return (
        <div className="policy-row" key={policy.id} data-policy={policy.id}>
          <span className="policy" title={policy.summary}>
            {policy.title}
          </span>
          {notRun ? (
            <span className="keys muted" data-testid="not-run">
              not run
            </span>
          ) : (
            <Keys paths={row.undeclared} unjudged={row.unjudged} />
          )}
          <span className="ships">
            <ShipsSummary ships={shipsOf(report, row)} />
          </span>
          {policy.id !== 'raw' && <ShipsChanges answer={answer} ships={shipsOf(report, row)} />}
          {row.refused === NEEDS_ZOD ? (
            <span className="said muted" data-testid="needs-zod">
              not run: {NEEDS_ZOD}
            </span>
          ) : notRun ? (
            <Said tone="warn" label="not run" text={row.refused ?? ''} same={sameAsEarlier(rows, i, (r) => r.refused)} />
          ) : (
            row.refused && <Said tone="error" label="refused" text={row.refused} same={sameAsEarlier(rows, i, (r) => r.refused)} />
          )}
          {row.log && <Said tone="warn" label="log" text={row.log} same={sameAsEarlier(rows, i, (r) => r.log)} />}
          {row.listed !== undefined && row.listed !== null && (
            <span className="said">
              <Reveal summary="lists an opened schema">{() => <JsonView value={row.listed ?? null} />}</Reveal>
            </span>
          )}
        </div>
        );
      })}
    </>
  );
}

/** What the policy names mean: which one the SDKs do today and whose the others are. */
export function PolicyNote() {
  const others = POLICY_ENTRIES.filter((p) => p.id !== 'raw');
  return (
    <p className="about" data-testid="policy-note">
      <strong>{titleOf(POLICY_ENTRIES, 'raw')}</strong> is what the published SDKs do today;{' '}
      {others.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && (i === others.length - 1 ? ' and ' : ', ')}
          <strong>{p.title}</strong>
        </Fragment>
      ))}{' '}
      are FrontMCP’s policies (FrontMCP PR #981), not released in the SDKs.
    </p>
  );
}

/** A refusal or log line, verbatim; a repeat of an earlier row's says so instead of taking the space again. */
function Said({ tone, label, text, same }: { tone: 'error' | 'warn'; label: string; text: string; same: string | null }) {
  if (same) return <span className="said muted" title={clipTitle(text)}>{label}: the same as {same}</span>;
  return (
    <code className="message said" data-tone={tone}>
      {label}: <Clipped text={text} />
    </code>
  );
}

/**
 * The key paths: the first LIST_ITEMS, then "… and N more" to show the rest; and why some keys could not be judged,
 * when that is so (never "no undeclared keys" then).
 */
function Keys({ paths, unjudged }: { paths: readonly string[]; unjudged?: string | undefined }) {
  const [all, setAll] = useState(false);
  const note = unjudged && (
    <span className="muted" data-testid="unjudged">
      {paths.length === 0 ? 'undeclared keys not judged: ' : 'others not judged: '}
      {unjudged}
    </span>
  );
  if (paths.length === 0) return <span className="keys muted">{note || 'no undeclared keys'}</span>;
  const shown = all ? paths : paths.slice(0, LIST_ITEMS);
  return (
    <span className="keys">
      {shown.map((p, i) => (
        <PathLink key={i} text={p} target={{ keyPath: p }} />
      ))}
      {shown.length < paths.length && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          … and {paths.length - shown.length} more
        </button>
      )}
      {note}
    </span>
  );
}
