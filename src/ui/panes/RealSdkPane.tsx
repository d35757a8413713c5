/** Pane 4: what the published SDKs (the server in the schema's realm, the client in the client realm, over a MessagePort transport) actually did with this case. */
import { REAL_SDK_ENTRIES } from '../../engine/contract/catalog.ts';
import type { Report } from '../../engine/report.ts';
import { realRunOf, type ExpandedRealSdkRow } from '../../engine/values.ts';
import { importedListing, NEEDS_ZOD } from '../../engine/import/listing-source.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { caseFileName, DOWNLOAD_CASE } from '../controls/exportActions.ts';
import { Clipped } from './Clipped.tsx';
import { usePaneGate } from './paneGate.ts';
import { JsonView } from './JsonView.tsx';
import { Note } from './Pane.tsx';
import { Reveal } from './Reveal.tsx';
import { ShipsSummary } from './ShipsSummary.tsx';

/** Whether a schema text is an imported listing, kept for the last text asked (the store selector runs on every update). */
const isImported = (() => {
  let text: string | null = null;
  let answer = false;
  return (schema: string): boolean => (schema === text ? answer : ((text = schema), (answer = importedListing(schema) !== null)));
})();

/** The real-SDK pane body. */
export function RealSdkPane() {
  const { report, gate } = usePaneGate(true);
  const role = usePlayground((s) => s.role);
  const imported = usePlayground((s) => isImported(s.schema));
  if (gate || !report) return <Note>{gate}</Note>;
  if (imported) return <Note>The published SDKs did not run: {NEEDS_ZOD}.</Note>;
  return (
    <div className="sdk-grid">
      {REAL_SDK_ENTRIES.map((sdk) => (
        <SdkRun key={sdk.id} title={sdk.title} pkg={`${sdk.pkg} ${report.versions[sdk.pkg] ?? ''}`} run={realRunOf(report, sdk.id)} role={role} coming={report.pending?.includes('realSdk') === true} />
      ))}
      {role === 'output' && <PythonInCli />}
    </div>
  );
}

/**
 * The Python `mcp` client: it runs in the CLI only (its jsonschema and rpds-py wheels would come from a CDN in a
 * browser), so the pane gives the command for this case and the case file to run it on; no verdict is shown here.
 */
function PythonInCli() {
  const services = useServices();
  const file = usePlayground((s) => caseFileName(s.tool));
  const download = () => void DOWNLOAD_CASE.run(services.store.getState(), services).then((notice) => services.store.getState().setToast(notice));
  return (
    <div className="sdk-run" data-sdk="Python SDK" data-testid="python-in-cli">
      <h3>
        Python SDK <span className="hint">mcp (PyPI) · runs in the CLI, no verdict here</span>{' '}
        <button type="button" className="link" onClick={download} title={`Downloads ${file}: its jsonschema check (one error, no format) cannot run in a browser`}>
          {DOWNLOAD_CASE.label}
        </button>
      </h3>
      <dl>
        <dt>run</dt>
        <dd>
          {/* The command's fixed words never break at their hyphens ("-" / "-client" would not paste back). */}
          <code data-testid="python-command" className="command">
            npx <span>mcp-schema-playground</span> evaluate {file} <span>--client</span> <span>python-sdk</span>
          </code>
        </dd>
      </dl>
    </div>
  );
}

function SdkRun({ title, pkg, run, role, coming }: { title: string; pkg: string; run: ExpandedRealSdkRow | null; role: Report['role']; coming: boolean }) {
  const field = role === 'output' ? 'outputSchema' : 'inputSchema';
  return (
    <div className="sdk-run" data-sdk={title}>
      <h3>
        {title} <span className="hint">{pkg}</span>
        {run?.protocol !== undefined && (
          <span className="hint" data-testid="negotiated">
            {' '}
            · protocol {run.protocol}
          </span>
        )}
      </h3>
      {!run ? (
        <Note>{coming ? 'Running: it comes after the first verdict.' : 'Did not run.'}</Note>
      ) : (
        <dl>
          <dt>tools/list</dt>
          <dd>
            {run.listError ? (
              <code className="message" data-tone="error">
                <Clipped text={run.listError} />
              </code>
            ) : run.listed === null ? (
              <span>lists no {field}</span>
            ) : (
              <Reveal summary={`lists an ${field}`}>{() => <JsonView value={run.listed ?? null} />}</Reveal>
            )}
          </dd>
          <dt>tools/call</dt>
          <dd>
            {run.callError ? (
              <code className="message" data-tone="error">
                <Clipped text={run.callError} />
              </code>
            ) : run.isError ? (
              <code className="message" data-tone="warn">
                isError: <Clipped text={run.text ?? '(no text)'} />
              </code>
            ) : role === 'input' ? (
              // Our stand-in tool echoes the arguments as the server's parse handed them over.
              <code className="message">
                handler received: <Clipped text={run.text ?? '(nothing)'} />
              </code>
            ) : (
              <ShipsSummary ships={run.structuredContent} label="structuredContent:" />
            )}
          </dd>
        </dl>
      )}
    </div>
  );
}
