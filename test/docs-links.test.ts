/**
 * The README and the docs, rendered as GitHub renders them (marked, GFM): every relative link and image points at a
 * file of this repository, and every `#fragment` at a heading of the page it names. A page moved or a heading renamed
 * fails here instead of in a reader's browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseHTML } from 'linkedom';
import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PAGES = ['README.md', 'CHANGELOG.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

const textOf = (html: string) => parseHTML(`<p>${html}</p>`).document.querySelector('p')?.textContent ?? '';

/** GitHub's heading anchors: the heading's text in lower case, punctuation dropped, spaces as '-', repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const token of marked.lexer(markdown)) {
    if (token.type !== 'heading') continue;
    const base = textOf(marked.parseInline((token as Tokens.Heading).text, { async: false }))
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every href and src of the page as rendered, HTML written into the Markdown included. */
function targetsOf(markdown: string): string[] {
  const { document } = parseHTML(`<body>${marked.parse(markdown, { async: false, gfm: true })}</body>`);
  return [...document.querySelectorAll('a[href], img[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '');
}

const isExternal = (target: string) => /^[a-z][a-z\d+.-]*:/i.test(target);

describe.each(PAGES)('%s', (page) => {
  const markdown = readFileSync(join(ROOT, page), 'utf8');
  const targets = targetsOf(markdown).filter((t) => !isExternal(t));

  it('links and shows only files that exist, and headings that exist in them', () => {
    const broken: string[] = [];
    for (const target of targets) {
      const [path = '', fragment] = target.split('#');
      const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path.split('?')[0] ?? ''));
      const name = relative(ROOT, file);
      if (!existsSync(file)) {
        broken.push(`${target}: no file ${name}`);
        continue;
      }
      if (fragment && !anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment))) broken.push(`${target}: no heading #${fragment} in ${name}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is a page a user reads to the end: at most 250 lines, the quick start within its first 20', () => {
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
    expect(lines.slice(0, 20).join('\n')).toMatch(/Quick start/);
    for (const command of ['npm ci', 'npm start', 'npm test']) expect(lines.slice(0, 20).join('\n')).toContain(command);
  });

  it('links the pages it does not hold', () => {
    const targets = new Set(targetsOf(readme).map((t) => t.split('#')[0]));
    for (const page of ['docs/report.md', 'docs/performance.md', 'CHANGELOG.md', 'docs/cli.md', 'docs/ci.md', 'docs/deploy.md']) expect(targets, page).toContain(page);
  });
});
