/**
 * What the panes show for every case the suite holds as data: the gallery examples, the seed cases, the version-world
 * examples and the bad-input engine rows. Each is evaluated for real and its Report rendered by the app's own
 * components over a store holding it (test/render-pane.ts), then read as a user reads the page: each expected verdict
 * as the badge and message of its row in the verdict pane (or the refusal in the undeclared pane), each listing error
 * in the listing pane, each refusal in the problems list with its line:column.
 * The browser opens one of each kind for real (e2e/gallery.spec.ts, e2e/app.spec.ts, e2e/bad-input.spec.ts,
 * e2e/versions.spec.ts): the link, the sandbox, Monaco and the clicks; these rows hold every case's page text.
 */
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { evaluate } from '../src/engine/evaluate.ts';
import { importedListing } from '../src/engine/import/listing-source.ts';
import { expandReport, shipsOf } from '../src/engine/values.ts';
import { describeJson } from '../src/sandbox/elide.ts';
import type { Json, Report } from '../src/engine/report.ts';
import { refusal, type Expected, type ExpectedListError, type ExpectedVerdict } from '../src/examples/case-format.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import { WORLD_EXAMPLES } from '../src/examples/worlds.ts';
import { WorldBadge } from '../src/ui/controls/WorldBadge.tsx';
import { VersionPickers } from '../src/ui/controls/VersionPickers.tsx';
import { ListedPane } from '../src/ui/panes/ListedPane.tsx';
import { RealSdkPane } from '../src/ui/panes/RealSdkPane.tsx';
import { UndeclaredPane } from '../src/ui/panes/UndeclaredPane.tsx';
import { VerdictPane } from '../src/ui/panes/VerdictPane.tsx';
import { Problems } from '../src/ui/Problems.tsx';
import { ENGINE_ROWS } from './bad-input.rows.ts';
import { checkExpected } from './case-check.ts';
import { paneDom, said } from './render-pane.ts';
import { SEED_ROWS, V1_PREFIX, V2_PREFIX } from './seed.rows.ts';
import type { Case } from '../src/engine/case.ts';
import type { ClientId, ConverterId, PolicyId } from '../src/engine/contract/catalog.ts';

/** One case as the page holds it, and its Report. */
interface Shown {
  /** None for what the header shows before any run. */
  report?: Report;
  page: Partial<Case>;
}

/** Renders `body` for the shown case, with the converter and client picked (as the pickers or the tabs would). */
function render(shown: Shown, body: ComponentType, picked: { converter?: ConverterId; client?: ClientId } = {}): HTMLElement {
  return paneDom(shown.report, { ...shown.page, ...picked }, body);
}

/** A policy's row in a pane body. */
function row(body: HTMLElement, policy: PolicyId): Element {
  const found = body.querySelector(`[data-policy="${policy}"]`);
  if (!found) throw new Error(`no ${policy} row in ${body.innerHTML.slice(0, 200)}`);
  return found;
}

/** The real-SDK pane's block for one SDK. */
function sdk(body: HTMLElement, version: 'v1' | 'v2'): string {
  return body.querySelector(`[data-sdk="SDK ${version}"]`)?.textContent ?? '';
}

/** e2e/fixtures.ts's checkVerdict, on the rendered panes: the client's badge, and its message (FAIL) or the refusal (nothing shipped). */
function checkVerdict(shown: Shown, v: ExpectedVerdict): void {
  const where = `${v.converter}/${v.policy}/${v.client}`;
  const verdictRow = row(render(shown, VerdictPane, v), v.policy);
  const badge = verdictRow.querySelector(':scope > .badge');
  expect(badge?.textContent, where).toBe(v.valid === true ? 'PASS' : v.valid === false ? 'FAIL' : 'not validated');
  if (v.says === undefined) return;
  const text = v.valid === null ? said(row(render(shown, UndeclaredPane, v), v.policy)) : said(verdictRow);
  expect(text, where).toContain(v.says);
}

/** e2e/fixtures.ts's checkListError, on the rendered listing pane of `converter`. */
function checkListError(shown: Shown, l: ExpectedListError): void {
  expect(render(shown, ListedPane, { converter: l.converter }).textContent, l.converter).toContain(l.says);
}

/** Every listing error and verdict a case promises: in the Report (test/case-check.ts), then as the panes show them. */
function checkPanes(shown: Required<Shown>, expected: Expected): void {
  checkExpected(shown.report, expected);
  for (const l of expected.listErrors ?? []) checkListError(shown, l);
  for (const v of expected.verdicts ?? []) checkVerdict(shown, v);
}

describe('the gallery examples: each verdict and listing error its explanation promises, in the panes', () => {
  it.each(EXAMPLES.map((e) => [e.id, e] as const))('%s', async (_id, example) => {
    const page = exampleCase(example);
    checkPanes({ report: await evaluate(example.case), page }, example.expect);
  });
});

describe('what ships, read through the report\'s values: each row\'s value as the panes show it', () => {
  // The words a value is shown with; the value itself comes from the expanded report (contract v1's rows), not the table.
  const words = (label: string, value: Json | null) => (value === null ? `${label} nothing` : `${label} ${describeJson(value)}`);
  it.each(EXAMPLES.map((e) => [e.id, e] as const))('%s', async (_id, example) => {
    const report = await evaluate(example.case);
    const expanded = expandReport(report);
    const shown = { report, page: exampleCase(example) };
    for (const [converter, rowOf] of Object.entries(expanded.converters) as Array<[ConverterId, NonNullable<(typeof expanded.converters)[ConverterId]>]>) {
      const body = render(shown, UndeclaredPane, { converter });
      for (const [policy, p] of Object.entries(rowOf.policies) as Array<[PolicyId, { ships: Json | null }]>) {
        expect(p.ships, `${converter}/${policy}`).toEqual(shipsOf(report, report.converters[converter]?.policies[policy]));
        expect(row(body, policy).querySelector('.ships')?.textContent, `${converter}/${policy}`).toBe(words('ships', p.ships));
      }
    }
    if (example.case.role === 'input' || importedListing(example.case.schema) !== null) return;
    const real = render(shown, RealSdkPane);
    for (const version of ['v1', 'v2'] as const) {
      const run = expanded.realSdk[version];
      if (run && !run.callError && !run.isError) expect(sdk(real, version), version).toContain(words('structuredContent:', run.structuredContent));
    }
  });
});

describe('the version-world examples open in their world (their verdicts are gallery rows above)', () => {
  it.each(WORLD_EXAMPLES.map((e) => [e.id, e] as const))('%s', (_id, example) => {
    const shown = { page: exampleCase(example) };
    const versions = example.case.versions;
    const pickers = render(shown, VersionPickers);
    // The select a <label> names, and the option shown selected in it.
    const picked = (label: string) => {
      const id = [...pickers.querySelectorAll('label')].find((l) => l.textContent === label)?.getAttribute('for');
      return [...pickers.querySelectorAll('select')].find((s) => s.id === id)?.querySelector('option[selected]')?.getAttribute('value');
    };
    if (versions) {
      expect(picked('zod')).toBe(versions.zod);
      expect(picked('SDK v1')).toBe(versions.sdk);
    }
    // The badge names what is not the default: the versions, the protocol, the answer form.
    const badge = render(shown, WorldBadge).textContent ?? '';
    const { protocol, answerForm } = example.case;
    if (versions) expect(badge).toContain(`zod ${versions.zod}`);
    if (protocol) expect(badge).toContain(`protocol ${protocol}`);
    if (answerForm === 'result') expect(badge).toContain('whole result');
    expect(badge).not.toBe('');
  });
});

/** What only the page shows of each seed beside its verdicts: the listing as printed, the undeclared keys, the real-SDK pane. */
const SHOWN: Record<string, (shown: Shown) => void> = {
  'an undeclared key: both SDK clients refuse it, wire-truthful passes': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('"additionalProperties": false');
    const undeclared = render(shown, UndeclaredPane);
    expect(row(undeclared, 'raw').textContent).toContain('costCenter');
    expect(row(undeclared, 'warn').textContent).toContain('answered with keys its outputSchema does not declare, so they were stripped: costCenter.');
    const real = render(shown, RealSdkPane);
    expect(sdk(real, 'v1')).toContain(`${V1_PREFIX}data must NOT have additional properties`);
    expect(sdk(real, 'v2')).toContain(`${V2_PREFIX}data must NOT have additional properties`);
  },
  'a .default() field is listed as required': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('"required": ["id", "count"]');
    expect(sdk(render(shown, RealSdkPane), 'v1')).toContain(`${V1_PREFIX}data must have required property 'count'`);
  },
  'z.date() takes tools/list down': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('tools/list fails:');
    const real = render(shown, RealSdkPane);
    expect(sdk(real, 'v1')).toContain('MCP error -32603: Date cannot be represented in JSON Schema');
    expect(sdk(real, 'v2')).toContain('Date cannot be represented in JSON Schema');
    expect(render(shown, ListedPane, { converter: 'wire-truthful' }).textContent).toContain('"when": { "type": "string", "format": "date-time" }');
  },
  'a discriminated union: not listed by v1, oneOf by v2': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('No outputSchema is listed for this tool.');
    expect(sdk(render(shown, RealSdkPane), 'v1')).toContain("Cannot read properties of undefined (reading '_zod')");
    expect(render(shown, ListedPane, { converter: 'mcp-sdk-v2' }).textContent).toContain('"oneOf"');
    expect(render(shown, ListedPane, { converter: 'wire-truthful' }).textContent).toContain('"anyOf"');
  },
  // Its shipped value sits behind a click (Reveal): the browser opens it (e2e/app.spec.ts keeps this seed).
  'an array root: v2 wraps it as { result }': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('"required": ["result"]');
    expect(row(render(shown, UndeclaredPane), 'raw').textContent).toContain('ships an object (1 key)');
    expect(sdk(render(shown, RealSdkPane), 'v2')).toContain('structuredContent: an object (1 key)');
    expect(render(shown, ListedPane, { converter: 'mcp-sdk-v1' }).textContent).toContain('No outputSchema is listed for this tool.');
  },
  'z.coerce: the server passes, the clients do not': (shown) => {
    expect(sdk(render(shown, RealSdkPane), 'v2')).toContain(`${V2_PREFIX}data/n must be number`);
  },
  'z.looseObject keeps the extra key and passes': (shown) => {
    expect(render(shown, ListedPane).textContent).toContain('"additionalProperties": {}');
    expect(row(render(shown, UndeclaredPane), 'raw').textContent).toContain('no undeclared keys');
    expect(sdk(render(shown, RealSdkPane), 'v1')).toContain('structuredContent: an object (2 keys)');
  },
  'z.strictObject: the server refuses the answer': (shown) => {
    expect(sdk(render(shown, RealSdkPane), 'v1')).toContain('isError: MCP error -32602: Output validation error: Invalid structured content for tool t: Unrecognized key: "x"');
  },
};

describe('the seed cases: the listing, the undeclared keys, the real runs and every verdict, in the panes', () => {
  it.each(SEED_ROWS.map((s) => [s.name, s] as const))('%s', async (name, seed) => {
    const { tool, schema, answer, converter, client } = seed.case;
    const shown = { report: await evaluate(seed.case), page: { tool, schema, answer, converter, client } };
    const only = SHOWN[name];
    if (!only) throw new Error(`no page checks for the seed ${name}`);
    only(shown);
    checkPanes(shown, seed.expect);
  });
});

describe('bad-input engine rows (docs/bad-input.md): the Report carries the message and its position, and the problems list says what and where', () => {
  it.each(ENGINE_ROWS.map((r) => [r.row, r] as const))('%s', async (_name, r) => {
    const refused = refusal(r.expect);
    if (!refused) throw new Error(`${r.row}: a bad-input row expects a refusal`);
    const editor = refused.phase === 'load' ? 'schema' : 'answer';
    const { message, line, column } = refused.error;
    const report = await evaluate(r.case);
    // The phase that refused it is the first to fail: a schema error is not blamed on the answer, nor the reverse.
    checkExpected(report, r.expect);
    const problems = render({ report, page: { schema: r.case.schema, answer: r.case.answer } }, Problems);
    const item = problems.querySelector('[data-testid="problems"] li[role="alert"]');
    expect(item?.textContent).toContain(message);
    // The jump to the place: "schema 3:11", only where a position exists.
    const jumps = [...problems.querySelectorAll('button')].map((b) => b.textContent);
    expect(jumps).toEqual(line === undefined ? [] : [`${editor} ${line}:${column}`]);
  });
});
