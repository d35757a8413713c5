/**
 * Where the README and the docs are. The build does not know the repository's address, so the links are relative to
 * a base a deployment gives (`VITE_DOCS_BASE`, e.g. the repository's blob URL ending in `/`); without one, the Help
 * panel and the guide name the files in the project's repository instead of linking to a page that may not exist.
 */

/** One document: what it is and its path in the repository. */
export interface Doc {
  title: string;
  path: string;
}

/** The documents Help points to, README first. */
export const DOCS: readonly Doc[] = [
  { title: 'README: quick start, the catalog, the command line', path: 'README.md' },
  { title: 'Every feature in detail', path: 'docs/guide.md' },
  { title: 'The command line: evaluate and check', path: 'docs/cli.md' },
  { title: 'Checking a server in CI: the GitHub Action, baselines, findings', path: 'docs/ci.md' },
  { title: 'Deploying the app: headers, any path', path: 'docs/deploy.md' },
  { title: 'Architecture', path: 'docs/architecture.md' },
  { title: 'Security: what the sandbox guarantees', path: 'docs/security.md' },
  { title: 'Bad input: what each error says', path: 'docs/bad-input.md' },
];

/** The base the documents are linked under, or null when this build was given none. */
export function docsBase(env: Record<string, unknown> = import.meta.env): string | null {
  const given = env.VITE_DOCS_BASE;
  const base = typeof given === 'string' ? given.trim() : '';
  return base ? (base.endsWith('/') ? base : `${base}/`) : null;
}

/** A document's link under `base`, or null without one. */
export function docHref(doc: Doc, base: string | null): string | null {
  return base === null ? null : `${base}${doc.path}`;
}
