/** The panes, in display order: adding a pane is one component plus one line here. */
import type { ComponentType } from 'react';
import { ListedPane, ListedTools } from './ListedPane.tsx';
import { RealSdkPane } from './RealSdkPane.tsx';
import { UndeclaredPane } from './UndeclaredPane.tsx';
import { VerdictPane, VerdictTools } from './VerdictPane.tsx';

/** A pane: a stable id (for links that pick panes), a title, its body, and optional controls beside the title. */
export interface PaneSpec {
  id: 'listed' | 'undeclared' | 'verdict' | 'real-sdk';
  title: string;
  component: ComponentType;
  tools?: ComponentType;
}

export const PANES: readonly PaneSpec[] = [
  { id: 'listed', title: 'Listed JSON Schema', component: ListedPane, tools: ListedTools },
  { id: 'undeclared', title: 'Undeclared keys by policy', component: UndeclaredPane },
  { id: 'verdict', title: 'Strict client verdict', component: VerdictPane, tools: VerdictTools },
  { id: 'real-sdk', title: 'Real SDKs', component: RealSdkPane },
];

/** The panes a page shows: the ids it picked, in its order, or all of them. */
export function visiblePanes(ids: readonly PaneSpec['id'][] | null): readonly PaneSpec[] {
  if (!ids) return PANES;
  return ids.flatMap((id) => PANES.filter((p) => p.id === id));
}
