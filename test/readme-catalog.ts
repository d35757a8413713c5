/**
 * The README's generated tables: converters, policies, clients and real-SDK runs from src/engine/contract/catalog.ts,
 * and the keyboard shortcuts from src/ui/shortcuts.ts (the list the Help panel shows). `npm run readme:catalog`
 * rewrites them in README.md; test/catalog.test.ts fails while they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, POLICY_ENTRIES, REAL_SDK_ENTRIES, type Entry } from '../src/engine/contract/catalog.ts';
import { SHORTCUTS } from '../src/ui/shortcuts.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));

const cell = (text: string) => text.replaceAll('|', '\\|');

function table(heading: string, what: string, entries: readonly Entry[]): string[] {
  return [`| ${heading} | id | ${what} |`, '| --- | --- | --- |', ...entries.map((e) => `| ${cell(e.title)} | \`${e.id}\` | ${cell(e.summary)} |`)];
}

/** A generated block: its name gives the markers `<!-- name:start -->` and `<!-- name:end -->` around its lines. */
interface Block {
  name: string;
  lines(): string[];
}

const BLOCKS: readonly Block[] = [
  {
    name: 'catalog',
    lines: () => [
      ...table('Converter', 'What it lists', CONVERTER_ENTRIES),
      '',
      ...table('Shipping policy', 'What ships', POLICY_ENTRIES),
      '',
      ...table('Client', 'How it validates', CLIENT_ENTRIES),
      '',
      ...table('Real run', 'What runs', REAL_SDK_ENTRIES),
    ],
  },
  {
    name: 'shortcuts',
    lines: () => ['| Keys | What it does |', '| --- | --- |', ...SHORTCUTS.map((s) => `| ${cell(s.keys)} | ${cell(s.does)} |`)],
  },
];

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** A block as the README holds it, markers included. */
export function blockMarkdown(name: string): string {
  const block = BLOCKS.find((b) => b.name === name);
  if (!block) throw new Error(`no generated block named ${name}`);
  const [start, end] = markers(name);
  return [start, ...block.lines(), end].join('\n');
}

/** The README with every generated block replaced by its source's; throws when a block's markers are missing. */
export function withCatalog(readme: string): string {
  return BLOCKS.reduce((text, { name }) => {
    const [start, end] = markers(name);
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
    return text.slice(0, from) + blockMarkdown(name) + text.slice(to + end.length);
  }, readme);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withCatalog(readFileSync(README, 'utf8')));
  console.log('README.md: catalog and shortcut tables written');
}
