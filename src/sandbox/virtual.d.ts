/**
 * The URL of the engine worker's core script, each engine chunk's URL by name, and the client realm's script URL (the
 * sandbox plugin in vite.config.ts).
 */
declare module 'virtual:sandbox-worker-url' {
  const url: string;
  export default url;
  export const chunkUrls: Readonly<Record<string, string>>;
  export const clientRealmUrl: string;
}

/** The engine module runtime around the worker's core script (vite-plugins/engineBundle.ts). */
declare module 'virtual:engine-chunk-host' {
  const host: {
    /** How the runtime gets the texts of chunks it lacks (the worker asks the frame, which asks the app). */
    setFetcher(fetchTexts: (names: string[]) => Promise<string[]>): void;
    /** From now on no chunk is evaluated in this realm: schema code is about to run. */
    lock(): void;
  };
  export default host;
}
