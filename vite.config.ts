import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { bundleClientRealm, bundleEngine, CLIENT_REALM_ENTRY, sandboxBuild, WORLDS_CLIENT_REALM_CHUNK, WORLDS_CLIENT_REALM_ENTRY, type ClientRealmBundle, type EngineBundle } from './vite-plugins/engineBundle.ts';

const VIRTUAL_WORKER_URL = 'virtual:sandbox-worker-url';
const WORKER_ENTRY = 'src/sandbox/worker.ts';
const FRAME_ENTRY = 'src/sandbox/frame.ts';
const FRAME_TAG = '<script data-inline src="/src/sandbox/frame.ts"></script>';
const DEV_WORKER_PATH = '__sandbox/engine-worker.js';
const DEV_CLIENT_REALM_PATH = '__sandbox/client-realm.js';
const DEV_CHUNK_DIR = '__sandbox/';

/** One entry bundled into a single self-contained classic (IIFE) script, and the files it was made from. */
interface ClassicBundle {
  code: string;
  files: Set<string>;
}

/** Bundles one entry into a single self-contained classic (IIFE) script. */
async function bundleClassic(config: ResolvedConfig, entry: string): Promise<ClassicBundle> {
  const chunks = await sandboxBuild(config, {
    lib: { entry: resolve(config.root, entry), formats: ['iife'], name: 'sandbox', fileName: () => 'bundle.js' },
  });
  const [chunk, ...rest] = chunks;
  if (!chunk || rest.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`${entry} did not bundle to one self-contained script`);
  }
  return { code: chunk.code, files: new Set(chunk.moduleIds) };
}

/** The virtual module's text: the worker script's URL, each engine chunk's URL by its name, and the client realm's URL. */
function workerUrls(worker: string, chunks: Record<string, string>, clientRealm: string): string {
  return `export default ${JSON.stringify(worker)};\nexport const chunkUrls = ${JSON.stringify(chunks)};\nexport const clientRealmUrl = ${JSON.stringify(clientRealm)};\n`;
}

/**
 * The sandbox: builds the engine worker (a classic script and its lazily loaded chunks, vite-plugins/engineBundle.ts)
 * and the frame script as classic scripts (a module worker from a blob: URL
 * is refused in sandboxed frames by some engines), emits the worker as a hashed asset the app fetches and hands to
 * the frame, and writes sandbox.html with the frame script inlined and allowed by its hash (an external script
 * would need 'self', which an opaque origin cannot be relied on to match, and module scripts would be CORS
 * requests from origin `null`).
 */
function sandbox(): Plugin {
  let config: ResolvedConfig;
  const cache = new Map<string, Promise<ClassicBundle | EngineBundle | ClientRealmBundle>>();
  const cached = <T extends ClassicBundle | EngineBundle | ClientRealmBundle>(entry: string, make: () => Promise<T>): Promise<T> => {
    let p = cache.get(entry) as Promise<T> | undefined;
    if (!p) {
      p = make();
      cache.set(entry, p);
      p.catch(() => cache.delete(entry));
    }
    return p;
  };
  /** The built worker script's URL, once emitted (the app's pages preload it). */
  let workerFile: string | null = null;
  /** The built client realm script's URL, once emitted (preloaded likewise). */
  let clientRealmFile: string | null = null;
  const bundle = (entry: string) => cached(entry, () => bundleClassic(config, entry));
  const engine = () => cached(WORKER_ENTRY, () => bundleEngine(config, WORKER_ENTRY));
  const clientRealm = () => cached(CLIENT_REALM_ENTRY, () => bundleClientRealm(config));
  // The worlds' client realm: served beside the engine chunks (by name), fetched only when a world case asks.
  const worldsRealm = () => cached(WORLDS_CLIENT_REALM_ENTRY, () => bundleClientRealm(config, WORLDS_CLIENT_REALM_ENTRY));
  const sandboxHtml = async (): Promise<string> => {
    const template = await readFile(resolve(config.root, 'sandbox.html'), 'utf8');
    const code = (await bundle(FRAME_ENTRY)).code.replaceAll('</script', '<\\/script');
    const hash = createHash('sha256').update(code).digest('base64');
    if (!template.includes(FRAME_TAG)) throw new Error(`sandbox.html must contain ${FRAME_TAG}`);
    return template.replace('%FRAME_SCRIPT_HASH%', `'sha256-${hash}'`).replace(FRAME_TAG, () => `<script>${code}</script>`);
  };
  return {
    name: 'sandbox',
    configResolved(c) {
      config = c;
    },
    resolveId(id) {
      return id === VIRTUAL_WORKER_URL ? `\0${VIRTUAL_WORKER_URL}` : undefined;
    },
    async load(id) {
      if (id !== `\0${VIRTUAL_WORKER_URL}`) return undefined;
      const [{ core, chunks }, clients] = await Promise.all([engine(), clientRealm()]);
      if (config.command === 'serve') {
        return workerUrls(config.base + DEV_WORKER_PATH, Object.fromEntries([...chunks.keys(), ...clients.chunks.keys(), WORLDS_CLIENT_REALM_CHUNK].map((n) => [n, config.base + DEV_CHUNK_DIR + n])), config.base + DEV_CLIENT_REALM_PATH);
      }
      const worldsCode = (await worldsRealm()).code;
      const worldsFile = `${config.build.assetsDir}/client-realm-worlds-${createHash('sha256').update(worldsCode).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: worldsFile, source: worldsCode });
      const clientFile = `${config.build.assetsDir}/client-realm-${createHash('sha256').update(clients.code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: clientFile, source: clients.code });
      clientRealmFile = config.base + clientFile;
      const fileName = `${config.build.assetsDir}/engine-worker-${createHash('sha256').update(core).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: core });
      workerFile = config.base + fileName;
      const urls: Record<string, string> = {};
      // The client realm's later parts are named like the engine chunks (client-realm-<name>-<hash>.js) and fetched alike.
      for (const [name, source] of [...chunks, ...clients.chunks]) {
        // Chunk names carry their content hash already.
        this.emitFile({ type: 'asset', fileName: `${config.build.assetsDir}/${name}`, source });
        urls[name] = `${config.base}${config.build.assetsDir}/${name}`;
      }
      urls[WORLDS_CLIENT_REALM_CHUNK] = config.base + worldsFile;
      return workerUrls(config.base + fileName, urls, config.base + clientFile);
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sandbox.html', source: await sandboxHtml() });
    },
    transformIndexHtml: {
      order: 'post',
      // The worker script is fetched (frameChannel.ts) by the app's script once it runs: asked for with the page instead.
      handler: (html) =>
        [workerFile, clientRealmFile].reduce<string>((out, file) => (file ? out.replace('</head>', `  <link rel="preload" href="${file}" as="fetch" crossorigin>\n  </head>`) : out), html),
    },
    configureServer(server) {
      // The frame and its worker live outside the app's module graph, so HMR cannot reach them: reload the page.
      server.watcher.on('change', async (file) => {
        const built = await Promise.all([...cache.values()].map((p) => p.catch(() => null)));
        if (built.some((b) => !b || b.files.has(file)) || file === resolve(config.root, 'sandbox.html')) {
          cache.clear();
          server.ws.send({ type: 'full-reload' });
        }
      });
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split(/[?#]/)[0];
        const chunk = path?.startsWith(config.base + DEV_CHUNK_DIR) ? path.slice((config.base + DEV_CHUNK_DIR).length) : null;
        const page =
          path === `${config.base}sandbox.html`
            ? sandboxHtml()
            : path === config.base + DEV_WORKER_PATH
              ? engine().then((b) => b.core)
              : path === config.base + DEV_CLIENT_REALM_PATH
                ? clientRealm().then((b) => b.code)
                : chunk === WORLDS_CLIENT_REALM_CHUNK
                ? worldsRealm().then((b) => b.code)
                : chunk
                ? Promise.all([engine(), clientRealm()]).then(([e, c]) => e.chunks.get(chunk) ?? c.chunks.get(chunk) ?? Promise.reject(new Error(`no engine chunk ${chunk}`)))
                : null;
        if (!page) return next();
        page.then(
          (body) => {
            res.setHeader('Content-Type', path?.endsWith('.html') ? 'text/html' : 'text/javascript');
            res.end(body);
          },
          (e: unknown) => next(e),
        );
      });
    },
  };
}

/** The modules main.tsx imports dynamically for the UI (React DOM and the App), preloaded with the page. */
const UI_MODULES = [/\/src\/ui\/App\.tsx$/, /\/node_modules\/react-dom\/client\.js$/];

/**
 * The page's entry chunk is small (main.tsx: the sandbox frame, the stores, the starting case); the UI's chunks are
 * imported dynamically, so that the frame and its workers start before React DOM and the App are evaluated. This asks
 * for the UI's chunks (and the chunks they import) with the page, as modulepreload links in index.html beside the
 * entry's own, so they are fetched (and compiled, off the main thread) while the entry runs.
 */
function uiPreload(): Plugin {
  let base = './';
  return {
    name: 'ui-preload',
    apply: 'build',
    configResolved(c) {
      base = c.base === '' ? './' : c.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        // Only the app's page (bench/floor builds its own page with this config).
        if (!bundle || !entry?.moduleIds.some((id) => id.endsWith('/src/main.tsx'))) return html;
        const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const roots = entry.dynamicImports.filter((f) => UI_MODULES.some((re) => re.test(chunks.get(f)?.facadeModuleId ?? '')));
        if (roots.length !== UI_MODULES.length) throw new Error(`ui-preload: main.tsx's entry chunk no longer imports the UI's modules dynamically (found ${roots.join(', ') || 'none'})`);
        // The entry's own static imports are in the page already (Vite's modulepreload links).
        const have = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (file: string) => {
          if (have.has(file)) return;
          have.add(file);
          wanted.push(file);
          for (const next of chunks.get(file)?.imports ?? []) visit(next);
        };
        for (const file of roots) visit(file);
        return { html, tags: wanted.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + file }, injectTo: 'head' as const })) };
      },
    },
  };
}

// The CSP meta of index.html is for the built app; the dev server's React refresh preamble is an inline script.
const devWithoutCsp: Plugin = {
  name: 'dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
};

/**
 * `vite preview` (what `npm start` serves) sends every file with `Cache-Control: no-cache`. The files under assets/ are
 * named by their content hash, so they never change under their URL: served as immutable, a repeat visit takes them
 * from the browser's cache without asking, and Chromium's code cache (compiled code kept beside a cached script)
 * applies to them. The pages (index.html, sandbox.html) keep `no-cache`: they name the current hashes.
 */
const immutableAssets: Plugin = {
  name: 'immutable-assets',
  configurePreviewServer(server) {
    const assets = `${server.config.base}${server.config.build.assetsDir}/`;
    server.middlewares.use((req, res, next) => {
      // sirv keeps a header already set on the response.
      if (req.url?.startsWith(assets)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      next();
    });
  },
};

/**
 * Link previews: crawlers want an absolute og:image, which a path-independent build cannot know. Built with
 * PLAYGROUND_URL (the deployment's public address, e.g. the Pages workflow's), the preview image's URL and og:url
 * become absolute under it; without, they stay relative (docs/deploy.md, "Link previews").
 */
function linkPreviews(publicUrl: string | undefined): Plugin {
  return {
    name: 'link-previews',
    apply: 'build',
    transformIndexHtml(html) {
      if (!publicUrl) return html;
      const base = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
      const image = new URL('preview.png', base).href;
      return html
        .replace('<meta property="og:image" content="preview.png"', `<meta property="og:image" content="${image}"`)
        .replace('<meta property="og:type"', `<meta property="og:url" content="${base.href}" />\n    <meta property="og:type"`);
    },
  };
}

export default defineConfig({
  // Relative URLs: the same build runs at a domain's root and under any sub-path (GitHub Pages' /<repo>/), docs/deploy.md.
  base: './',
  plugins: [react(), sandbox(), uiPreload(), devWithoutCsp, immutableAssets, linkPreviews(process.env.PLAYGROUND_URL)],
  worker: {
    // Monaco's workers, like ours, as classic scripts: no module-worker support needed.
    format: 'iife',
    rolldownOptions: { output: { codeSplitting: false } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
});
