/** What ships, as a diff: each policy's shipped value against the answer, from real reports (zod parses, the policies ship). */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import type { Json } from '../src/engine/report.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { keyPathOf, shipsChanges } from '../src/ui/panes/shipsDiff.ts';

/** The changes `policy` makes under `converter`, against what `raw` ships (the answer as the tool returned it). */
async function changes(c: object, converter: 'mcp-sdk-v1' | 'mcp-sdk-v2', policy: 'strip' | 'keep' | 'fail') {
  const report = await evaluate({ v: 1, ...c });
  const row = report.converters[converter];
  const raw = shipsOf(report, row?.policies.raw);
  const ships = shipsOf(report, row?.policies[policy]);
  expect(raw).not.toBeNull();
  expect(ships).not.toBeNull();
  return shipsChanges(raw as Json, ships as Json).changes.map((ch) => ({ ...ch, path: keyPathOf(ch.pointer) }));
}

const example = (id: string) => EXAMPLES.find((e) => e.id === id)?.case ?? {};

describe('per policy, against the answer', () => {
  it('strip removes the undeclared keys, an array index included', async () => {
    expect(await changes(DEFAULT_CASE, 'mcp-sdk-v1', 'strip')).toEqual([
      { kind: 'removed', pointer: ['costCenter'], from: 'CC-7', path: 'costCenter' },
      { kind: 'removed', pointer: ['lines', '0', 'margin'], from: 0.31, path: 'lines[0].margin' },
    ]);
  });
  it('keep ships the answer as it is', async () => {
    expect(await changes(DEFAULT_CASE, 'mcp-sdk-v1', 'keep')).toEqual([]);
  });
  it('strip fills a .default() the answer left out', async () => {
    expect(await changes(example('default-listed-required'), 'mcp-sdk-v2', 'strip')).toEqual([{ kind: 'added', pointer: ['count'], to: 1, path: 'count' }]);
  });
  it('strip ships what z.coerce made of a value', async () => {
    expect(await changes(example('coerce-ships-a-string'), 'mcp-sdk-v1', 'strip')).toEqual([{ kind: 'changed', pointer: ['n'], from: '5', to: 5, path: 'n' }]);
  });
});

it('a long list of changes is cut, with the count of all of them', () => {
  const answer = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, i]));
  const { changes: listed, total } = shipsChanges(answer, {});
  expect([listed.length, total]).toEqual([50, 120]);
});
