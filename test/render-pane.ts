/** Renders one pane to static markup over a store holding `report` (server rendering: no DOM needed), or to a DOM to query. */
import { parseHTML } from 'linkedom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseEmbedOptions } from '../src/ui/embed/options.ts';
import type { Report } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import type { PANES } from '../src/ui/panes/registry.ts';
import { ServicesContext, type AppServices } from '../src/ui/storeContext.ts';
import { createSideRuns } from '../src/sandbox/sideRuns.ts';
import { createUiStore } from '../src/ui/uiStore.ts';
import type { Case } from '../src/engine/case.ts';
import { createLinkEncoder } from '../src/state/linkEncoder.ts';

/** The pane's markup for `report` (none: before the first run lands), the rest of the case being the default one with `changes`. */
export function renderPane(report: Report | undefined, changes: Partial<Case>, body: (typeof PANES)[number]['component']): string {
  const created = createPlaygroundStore({ ...DEFAULT_CASE, ...changes });
  created.getState().setRun({ kind: 'done', ms: 1 }, report);
  // Server rendering reads zustand's initial state (useSyncExternalStore's server snapshot): make that the current one.
  const store = { ...created, getInitialState: created.getState };
  const services: AppServices = { store, ui: createUiStore(), links: createLinkEncoder(), options: parseEmbedOptions(''), link: () => ({ ok: false, message: '' }), share: () => {}, rerun: () => {}, sideRuns: createSideRuns(() => { throw new Error('no side runs in a pane render'); }) };
  return renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(body)));
}

/** The same markup parsed into a DOM (linkedom), to query as a page would be: by attribute, role and text. */
export function paneDom(report: Report | undefined, changes: Partial<Case>, body: (typeof PANES)[number]['component']): HTMLElement {
  const { document } = parseHTML(`<!doctype html><html><body>${renderPane(report, changes, body)}</body></html>`);
  return document.body as unknown as HTMLElement;
}

/** An element's text plus its descendants' tooltips (a message repeated from an earlier row shows as "the same as …", in full on hover). */
export function said(el: Element): string {
  return `${el.textContent ?? ''} ${[...el.querySelectorAll('[title]')].map((e) => e.getAttribute('title') ?? '').join(' ')}`;
}
