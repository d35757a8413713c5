/**
 * The Help panel (a modal dialog, opened by the header's Help button or `?`): what the playground does, the keyboard
 * shortcuts (shortcuts.ts, the one list), a glossary of converters, policies and clients from the catalog (the one
 * source of those names), the app's version and the packages it runs, the docs, and "Report a problem", which copies
 * the Markdown bug report of the case on screen (the Export menu's own action).
 */
import { useEffect, useRef, useState } from 'react';
import { version as APP_VERSION } from '../../../package.json';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, POLICY_ENTRIES, type Entry } from '../../engine/contract/catalog.ts';
import { PACKAGE_VERSIONS } from '../../engine/contract/versions.ts';
import { EXPORTS } from '../controls/exportActions.ts';
import { SHORTCUTS } from '../shortcuts.ts';
import { useServices, useUi } from '../storeContext.ts';
import { DocLinks } from './DocLinks.tsx';

/** The catalog's lists, as the glossary groups them. */
const GLOSSARY: readonly { title: string; intro: string; entries: readonly Entry[] }[] = [
  { title: 'Converters', intro: 'How a server turns the zod schema into the JSON Schema it lists in tools/list.', entries: CONVERTER_ENTRIES },
  { title: 'Policies', intro: 'What a server does with answer keys its schema does not declare, before the answer ships.', entries: POLICY_ENTRIES },
  { title: 'Clients', intro: 'Who validates what ships against what was listed.', entries: CLIENT_ENTRIES },
];

/** The dialog, while Help is open. */
export function HelpDialog() {
  const open = useUi((s) => s.help);
  return open ? <HelpBody /> : null;
}

function HelpBody() {
  const { ui } = useServices();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="help-dialog" aria-labelledby="help-title" onClose={() => ui.getState().setHelp(false)} data-testid="help">
      <header className="help-head">
        <h2 id="help-title">Help</h2>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} autoFocus>
          Close
        </button>
      </header>
      <section aria-labelledby="help-what">
        <h3 id="help-what">What this does</h3>
        <p>
          An MCP server built on zod lists a JSON Schema for each tool and ships answers (or takes arguments) that clients
          check against it. The playground runs your zod schema and a sample answer through each converter, shipping policy
          and client, the published SDKs included, in a sandbox in this page, and shows where they disagree: what is
          listed, which keys the schema does not declare, and each client&apos;s verdict.
        </p>
      </section>
      <section aria-labelledby="help-keys">
        <h3 id="help-keys">Keyboard shortcuts</h3>
        <dl className="help-list" data-testid="help-shortcuts">
          {SHORTCUTS.map((s) => (
            <div key={s.keys}>
              <dt>
                <kbd>{s.keys}</kbd>
              </dt>
              <dd>{s.does}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="help-glossary">
        <h3 id="help-glossary">Glossary</h3>
        {GLOSSARY.map((group) => (
          <div key={group.title} className="help-group">
            <h4>{group.title}</h4>
            <p className="hint">{group.intro}</p>
            <dl className="help-list" data-testid={`help-${group.title.toLowerCase()}`}>
              {group.entries.map((e) => (
                <div key={e.id}>
                  <dt>{e.title}</dt>
                  <dd>{e.summary}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </section>
      <section aria-labelledby="help-version">
        <h3 id="help-version">Version</h3>
        <p data-testid="help-version">MCP Schema Playground {APP_VERSION}, running:</p>
        <ul className="help-packages">
          {Object.entries(PACKAGE_VERSIONS).map(([pkg, v]) => (
            <li key={pkg}>
              <code>
                {pkg} {v}
              </code>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="help-docs">
        <h3 id="help-docs">Documentation</h3>
        <DocLinks />
      </section>
      <section aria-labelledby="help-report">
        <h3 id="help-report">Report a problem</h3>
        <ReportProblem />
      </section>
    </dialog>
  );
}

const MARKDOWN = EXPORTS.find((e) => e.id === 'markdown');

/** Copies the Markdown bug report of the case on screen (the Export menu's action), or says why it cannot yet. */
function ReportProblem() {
  const services = useServices();
  const [said, setSaid] = useState<string | null>(null);
  if (!MARKDOWN) return null;
  const copy = async () => {
    const s = services.store.getState();
    const why = MARKDOWN.unavailable(s, services.links);
    setSaid(why ?? (await MARKDOWN.run(s, services)));
  };
  return (
    <>
      <p>Copies a Markdown report of this case (its link, versions and verdicts) to paste into an issue.</p>
      <button type="button" className="primary" onClick={() => void copy()}>
        Report a problem: copy this case as Markdown
      </button>
      {said && (
        <p className="hint" role="status" data-testid="help-report-status">
          {said}
        </p>
      )}
    </>
  );
}
