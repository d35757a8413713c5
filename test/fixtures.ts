/** Loads the data fixtures under test/fixtures: one case each with its expected verdicts, in src/examples/case-format.ts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseSpec } from '../src/examples/case-format.ts';

/** One fixture file: what it shows, its case and what the Report must show (`expect.report` recorded from a real run). */
export interface Fixture extends CaseSpec<{ v: 1; role?: 'output' | 'input'; tool?: string; schema: string; answer: string }> {
  file: string;
  description: string;
}

const DIR = join(import.meta.dirname, 'fixtures');

export function loadFixtures(): Fixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<Fixture, 'file'>) }));
}
