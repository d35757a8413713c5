/** React access to the playground store and the app's services (share), provided once by main.tsx. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PlaygroundState, PlaygroundStore } from '../state/store.ts';

/** What components get from the app shell. */
export interface AppServices {
  store: PlaygroundStore;
  /** Copies the permalink of the current case and says so. */
  share(): void;
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
