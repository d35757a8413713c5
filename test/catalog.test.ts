/**
 * The catalog is the one source of names: the README shows it, the Report contract (docs/report.md) spells its id lists,
 * its versions are the pinned ones. (That the registries follow it, one object per id, is the compiler's: each registry
 * is typed against the catalog's ids.) The README's shortcuts table is generated the same way, from src/ui/shortcuts.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ENTRIES,
  CLIENT_IDS,
  CONVERTER_ENTRIES,
  POLICY_ENTRIES,
  POLICY_IDS,
  REAL_SDK_ENTRIES,
  REAL_SDK_IDS,
  ROLE_ENTRIES,
  type Entry,
} from '../src/engine/contract/catalog.ts';
import { join } from 'node:path';
import { SHORTCUTS } from '../src/ui/shortcuts.ts';
import { README, withCatalog } from './readme-catalog.ts';

const REPORT_DOC = join(import.meta.dirname, '..', 'docs', 'report.md');

const LISTS: Record<string, readonly Entry[]> = {
  converters: CONVERTER_ENTRIES,
  policies: POLICY_ENTRIES,
  clients: CLIENT_ENTRIES,
  roles: ROLE_ENTRIES,
  'real runs': REAL_SDK_ENTRIES,
};

describe('the README', () => {
  const readme = readFileSync(README, 'utf8');

  it('shows the catalog and the shortcuts as they are (run `npm run readme:catalog` after changing them)', () => {
    expect(readme).toBe(withCatalog(readme));
    for (const { keys, does } of SHORTCUTS) expect(readme).toContain(`| ${keys} | ${does} |`);
  });
});

describe('the Report contract (docs/report.md)', () => {
  const report = readFileSync(REPORT_DOC, 'utf8');

  it("spells the Report's id lists as the catalog does", () => {
    expect(report).toContain(`policies.<${POLICY_IDS.join('|')}>`);
    expect(report).toContain(`verdicts.<${CLIENT_IDS.join('|')}>`);
    expect(report).toContain(`realSdk.<${REAL_SDK_IDS.join('|')}>`);
  });
});

describe('the catalog', () => {
  it.each(Object.entries(LISTS))('%s: ids and titles are distinct (pickers and rows are told apart by them)', (_, list) => {
    expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
    expect(new Set(list.map((e) => e.title)).size).toBe(list.length);
    for (const e of list) expect(e.summary, e.id).toMatch(/^\S.{10,159}$/);
  });

  it('short client names are distinct', () => {
    expect(new Set(CLIENT_ENTRIES.map((e) => e.short)).size).toBe(CLIENT_ENTRIES.length);
  });

  it('every package version a summary names is the installed one', () => {
    const named = Object.values(LISTS)
      .flat()
      .flatMap((e) => [...e.summary.matchAll(/(@[\w-]+\/[\w-]+) (\d+\.\d+\.\d+)/g)].map((m) => ({ id: e.id, pkg: m[1] ?? '', version: m[2] })));
    expect(named.length).toBeGreaterThan(0);
    const installed = (pkg: string) => (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    for (const { id, pkg, version } of named) expect({ id, pkg, version }).toEqual({ id, pkg, version: installed(pkg) });
  });
});
