/** Embed options, read from the page's query: `/?embed&panes=listed,verdict&readonly&theme=dark#v1.…`. Pure. */

/** The panes a link may pick, in display order; src/ui/panes/registry.ts must give each one a component. */
export const PANE_IDS = ['listed', 'undeclared', 'verdict', 'real-sdk'] as const;
/** A pane's stable id (for links that pick panes). */
export type PaneId = (typeof PANE_IDS)[number];

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** The query parameters that configure an embed (dropped when the case opens in the full playground). */
export const EMBED_PARAMS = ['embed', 'panes', 'readonly', 'theme'] as const;

/** How the page was asked to show itself. */
export interface EmbedOptions {
  embed: boolean;
  /** The panes to show, in the order given; null shows them all. */
  panes: PaneId[] | null;
  readonly: boolean;
  theme: Theme;
}

/** Reads the options from `location.search`; a value it does not know falls back to the default. Never throws. */
export function parseEmbedOptions(search: string): EmbedOptions {
  const params = new URLSearchParams(search);
  return { embed: flag(params, 'embed'), panes: panes(params.get('panes')), readonly: flag(params, 'readonly'), theme: theme(params.get('theme')) };
}

/** `?embed`, `?embed=1`, `?embed=true` are on; absent or `0`/`false`/`no`/`off` are off. */
function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function panes(value: string | null): PaneId[] | null {
  if (value === null) return null;
  const known = new Set<string>(PANE_IDS);
  const picked = [...new Set(value.split(',').map((p) => p.trim().toLowerCase()))].filter((p): p is PaneId => known.has(p));
  return picked.length > 0 ? picked : null;
}

function theme(value: string | null): Theme {
  const t = value?.trim().toLowerCase();
  return THEMES.find((x) => x === t) ?? 'auto';
}
