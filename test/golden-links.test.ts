/**
 * Golden links: links made by the build before versions and answer forms existed (test/golden/links.json, written by
 * test/record-golden-links.ts, never edited by hand) still open to exactly the same case, and the same case still
 * encodes to the same link byte for byte (a case with the default versions carries no new fields).
 */
import { describe, expect, it } from 'vitest';
import golden from './golden/links.json' with { type: 'json' };
import { decodePermalink, readLink } from '../src/state/permalink.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const rows = golden as { name: string; link: string; case: Case }[];

describe.each(rows)('golden link: $name', (row) => {
  it('opens to exactly the recorded case', () => {
    expect(decodePermalink(row.link)).toStrictEqual({ ok: true, state: row.case });
    expect(readLink(row.link)).toStrictEqual({ ok: true, state: row.case, example: null });
  });

  it('the recorded case encodes to the same link, byte for byte', () => {
    expect(encodePermalink(row.case)).toBe(row.link);
  });
});

it('holds the gallery, an input case, other converters and clients, unicode and a large case', () => {
  expect(rows.length).toBeGreaterThanOrEqual(10);
  expect(rows.some((r) => r.case.role === 'input')).toBe(true);
  expect(new Set(rows.map((r) => r.case.client)).size).toBeGreaterThanOrEqual(3);
  expect(rows.some((r) => r.link.length > 2000)).toBe(true);
});
