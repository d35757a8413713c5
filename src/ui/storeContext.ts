/** React access to the playground store, the UI store and the app's services (share, re-run, embed options), provided once by main.tsx. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EmbedOptions } from './embed/options.ts';
import type { SideRuns } from '../sandbox/sideRuns.ts';
import type { LinkEncoder } from '../state/linkEncoder.ts';
import type { PlaygroundState, PlaygroundStore } from '../state/store.ts';
import type { UiState, UiStore } from './uiStore.ts';

/** A link to the current case, or the sentence saying why there is none (the case is too large for a link). */
export type ShareLink = { ok: true; url: string } | { ok: false; message: string };

/** What components get from the app shell. */
export interface AppServices {
  store: PlaygroundStore;
  /** The UI's own state (editors, answer focus, Monaco gate, theme). */
  ui: UiStore;
  /** The page's link encoder (its caches and sliced jobs): every link the UI shows or copies. */
  links: LinkEncoder;
  /** How the page was asked to show itself (embed mode, panes, read-only, theme). */
  options: EmbedOptions;
  /** The permalink of the current case in the full playground (the URL is brought up to date first), or why there is none. */
  link(): ShareLink;
  /** Copies the permalink of the current case and says so. */
  share(): void;
  /** Evaluates the current case again now. */
  rerun(): void;
  /** Runs beside the live verdict (the compare view's version cells, the checks behind proposed fixes, generation). */
  sideRuns: SideRuns;
}

/** The services context; main.tsx provides it. */
export const ServicesContext = createContext<AppServices | null>(null);

/** The app's services. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext.Provider>');
  return services;
}

/** Subscribes a component to one slice of the store. Selectors must return stable values (primitives or store fields). */
export function usePlayground<T>(selector: (s: PlaygroundState) => T): T {
  return useStore(useServices().store, selector);
}

/** Subscribes a component to one slice of the UI store. */
export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(useServices().ui, selector);
}
