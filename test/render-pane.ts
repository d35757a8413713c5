/** Renders one pane to static markup over a store holding `report` (server rendering: no DOM needed). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseEmbedOptions } from '../src/ui/embed/options.ts';
import type { Report } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import type { PlaygroundCase } from '../src/state/permalink.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import type { PANES } from '../src/ui/panes/registry.ts';
import { ServicesContext, type AppServices } from '../src/ui/storeContext.ts';
import { createSideRuns } from '../src/sandbox/sideRuns.ts';

/** The pane's markup for `report`, the rest of the case being the default one with `changes`. */
export function renderPane(report: Report, changes: Partial<PlaygroundCase>, body: (typeof PANES)[number]['component']): string {
  const created = createPlaygroundStore({ ...DEFAULT_CASE, ...changes });
  created.getState().setRun({ kind: 'done', ms: 1 }, report);
  // Server rendering reads zustand's initial state (useSyncExternalStore's server snapshot): make that the current one.
  const store = { ...created, getInitialState: created.getState };
  const services: AppServices = { store, options: parseEmbedOptions(''), link: () => ({ ok: false, message: '' }), share: () => {}, rerun: () => {}, sideRuns: createSideRuns(() => { throw new Error('no side runs in a pane render'); }) };
  return renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(body)));
}
