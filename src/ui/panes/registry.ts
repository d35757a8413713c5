/** The panes: adding a pane is one component, its id in PANE_IDS and one line here. */
import type { ComponentType } from 'react';
import { PANE_IDS, type PaneId } from '../embed/options.ts';
import { ListedPane, ListedTools } from './ListedPane.tsx';
import { RealSdkPane } from './RealSdkPane.tsx';
import { UndeclaredPane } from './UndeclaredPane.tsx';
import { VerdictPane, VerdictTools } from './VerdictPane.tsx';

/** A pane: a stable id (for links that pick panes), a title, its body, and optional controls beside the title. */
export interface PaneSpec {
  id: PaneId;
  title: string;
  component: ComponentType;
  tools?: ComponentType;
}

// Keyed by id so that a pane id without a component (or a component without an id) stops compiling.
const SPECS: { [K in PaneId]: Omit<PaneSpec, 'id'> } = {
  listed: { title: 'Listed JSON Schema', component: ListedPane, tools: ListedTools },
  undeclared: { title: 'Undeclared keys by policy', component: UndeclaredPane },
  verdict: { title: 'Strict client verdict', component: VerdictPane, tools: VerdictTools },
  'real-sdk': { title: 'Real SDKs', component: RealSdkPane },
};

/** Every pane, in `PANE_IDS` order. */
export const PANES: readonly PaneSpec[] = PANE_IDS.map((id) => ({ id, ...SPECS[id] }));

/** The panes a page shows: the ids it picked, in its order, or all of them. */
export function visiblePanes(ids: readonly PaneId[] | null): readonly PaneSpec[] {
  if (!ids) return PANES;
  return ids.flatMap((id) => PANES.filter((p) => p.id === id));
}
