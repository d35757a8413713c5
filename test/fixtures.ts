/** Loads the data fixtures under test/fixtures: one case each, with the parts of the Report it pins. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Fixture {
  file: string;
  description: string;
  case: { v: 1; role?: 'output' | 'input'; tool?: string; schema: string; answer: string };
  /** A partial Report: every key given must match (arrays and primitives exactly, objects as subsets). */
  expect: Record<string, unknown>;
}

const DIR = join(import.meta.dirname, 'fixtures');

export function loadFixtures(): Fixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<Fixture, 'file'>) }));
}
