/**
 * The README's tables of converters, policies, clients and real-SDK runs, written from src/engine/contract/catalog.ts.
 * `npm run readme:catalog` rewrites them in README.md; test/catalog.test.ts fails while they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, POLICY_ENTRIES, REAL_SDK_ENTRIES, type Entry } from '../src/engine/contract/catalog.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- catalog:start -->';
const END = '<!-- catalog:end -->';

function table(heading: string, what: string, entries: readonly Entry[]): string[] {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [`| ${heading} | id | ${what} |`, '| --- | --- | --- |', ...entries.map((e) => `| ${cell(e.title)} | \`${e.id}\` | ${cell(e.summary)} |`)];
}

/** The generated block, markers included. */
export function catalogMarkdown(): string {
  return [
    START,
    ...table('Converter', 'What it lists', CONVERTER_ENTRIES),
    '',
    ...table('Shipping policy', 'What ships', POLICY_ENTRIES),
    '',
    ...table('Client', 'How it validates', CLIENT_ENTRIES),
    '',
    ...table('Real run', 'What runs', REAL_SDK_ENTRIES),
    END,
  ].join('\n');
}

/** The README with its block replaced by the catalog's; throws when the markers are missing. */
export function withCatalog(readme: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme.slice(0, from) + catalogMarkdown() + readme.slice(to + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withCatalog(readFileSync(README, 'utf8')));
  console.log('README.md: catalog tables written');
}
