import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';

const VIRTUAL_WORKER_URL = 'virtual:sandbox-worker-url';
const WORKER_ENTRY = 'src/sandbox/worker.ts';
const FRAME_ENTRY = 'src/sandbox/frame.ts';
const FRAME_TAG = '<script data-inline src="/src/sandbox/frame.ts"></script>';
const DEV_WORKER_PATH = '__sandbox/engine-worker.js';

/** One entry bundled into a single self-contained classic (IIFE) script, and the files it was made from. */
interface ClassicBundle {
  code: string;
  files: Set<string>;
}

/** Bundles one entry into a single self-contained classic (IIFE) script. */
async function bundleClassic(config: ResolvedConfig, entry: string): Promise<ClassicBundle> {
  const production = config.command === 'build';
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    build: {
      write: false,
      minify: production,
      sourcemap: false,
      target: 'es2022',
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: resolve(config.root, entry), formats: ['iife'], name: 'sandbox', fileName: () => 'bundle.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
  const [chunk, ...rest] = chunks;
  if (!chunk || rest.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`${entry} did not bundle to one self-contained script`);
  }
  return { code: chunk.code, files: new Set(chunk.moduleIds) };
}

/**
 * The sandbox: builds the engine worker and the frame script as classic scripts (a module worker from a blob: URL
 * is refused in sandboxed frames by some engines), emits the worker as a hashed asset the app fetches and hands to
 * the frame, and writes sandbox.html with the frame script inlined and allowed by its hash (an external script
 * would need 'self', which an opaque origin cannot be relied on to match, and module scripts would be CORS
 * requests from origin `null`).
 */
function sandbox(): Plugin {
  let config: ResolvedConfig;
  const cache = new Map<string, Promise<ClassicBundle>>();
  const bundle = (entry: string): Promise<ClassicBundle> => {
    let p = cache.get(entry);
    if (!p) {
      p = bundleClassic(config, entry);
      cache.set(entry, p);
      p.catch(() => cache.delete(entry));
    }
    return p;
  };
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
      if (config.command === 'serve') return `export default ${JSON.stringify(config.base + DEV_WORKER_PATH)};`;
      const source = (await bundle(WORKER_ENTRY)).code;
      const fileName = `${config.build.assetsDir}/engine-worker-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      return `export default ${JSON.stringify(config.base + fileName)};`;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sandbox.html', source: await sandboxHtml() });
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
        const page =
          path === `${config.base}sandbox.html` ? sandboxHtml() : path === config.base + DEV_WORKER_PATH ? bundle(WORKER_ENTRY).then((b) => b.code) : null;
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

// The CSP meta of index.html is for the built app; the dev server's React refresh preamble is an inline script.
const devWithoutCsp: Plugin = {
  name: 'dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
};

export default defineConfig({
  plugins: [react(), sandbox(), devWithoutCsp],
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
