/** The URL of the engine worker bundled as one classic script (made by the sandbox plugin in vite.config.ts). */
declare module 'virtual:sandbox-worker-url' {
  const url: string;
  export default url;
}
