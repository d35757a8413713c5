/**
 * The engine worker as one classic script plus lazily loaded chunks. Rolldown bundles the worker entry as CommonJS
 * with code splitting: every dynamic `import('./x.ts')` becomes its own chunk. The core script is a small module
 * runtime (a `require` over chunk texts) wrapping the entry chunk and every chunk it imports statically; each other
 * chunk is served on its own, its dynamic imports rewritten to the runtime's `__loadChunk(name)`, which asks the host
 * (the app, through the frame) for the chunk texts it lacks and evaluates them in strict mode, like the core (no
 * engine frame a `Function.caller` walk or a structured stack trace could reach). A module shared by the core and a
 * chunk is one chunk evaluated once (one zod for the user's schema and the SDKs).
 */
import { resolve } from 'node:path';
import { build, type BuildEnvironmentOptions, type PluginOption, type ResolvedConfig, type Rolldown } from 'vite';
import { worlds } from '../build/worlds-plugin.ts';
import { zodParts } from './zodParts.ts';

/** What a sandbox bundle needs of Vite's resolved config. */
export type BundleConfig = Pick<ResolvedConfig, 'root' | 'mode' | 'command'>;

/** Bundles for the sandbox in memory (minified for a build, not for the dev server) and returns the rendered chunks. */
export async function sandboxBuild(config: BundleConfig, options: BuildEnvironmentOptions, plugins: PluginOption[] = []): Promise<Rolldown.OutputChunk[]> {
  const production = config.command === 'build';
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    plugins,
    build: { write: false, minify: production, sourcemap: false, target: 'es2022', copyPublicDir: false, reportCompressedSize: false, ...options },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

/** The client realm's entry (src/sandbox/clientRealm.ts): the clients and nothing that evaluates case text. */
export const CLIENT_REALM_ENTRY = 'src/sandbox/clientRealm.ts';

/** The worlds' client realm's entry (src/sandbox/clientRealmWorlds.ts): the version worlds' SDK 1.x clients, likewise. */
export const WORLDS_CLIENT_REALM_ENTRY = 'src/sandbox/clientRealmWorlds.ts';

export { WORLDS_CLIENT_REALM_CHUNK } from '../src/sandbox/frameClients.ts';

/**
 * The client realm takes the client half of the v2 chunk only (the server package stays with the schema's worker):
 * `real-sdk/v2.ts`, wherever it is imported from, is `real-sdk/v2-client.ts` there.
 */
const clientHalfOfV2: PluginOption = {
  name: 'client-realm-v2-client-half',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer?.includes('/src/engine/real-sdk/') && source === './v2.ts') return resolve(importer, '..', 'v2-client.ts');
    return null;
  },
};

/** A client realm's script as the build makes it. */
export interface ClientRealmBundle {
  /** The script the frame starts the realm from. */
  code: string;
  /**
   * The default world's realm: its later parts (file name → text), each loaded into the same realm on need, posted by
   * the frame (src/sandbox/clientRealm.ts): the v2 SDK's client half. Empty for the worlds' realm (one script).
   */
  chunks: Map<string, string>;
  /** Every module file the script and its parts were made from. */
  files: Set<string>;
  /** The script's own modules (not its parts'), for the bench's breakdown. */
  modules: Rolldown.OutputChunk['modules'];
  /** Each later part's modules, by file name. */
  chunkModules: Map<string, Rolldown.OutputChunk['modules']>;
}

/**
 * A client realm as a classic script. The default world's (CLIENT_REALM_ENTRY) is a core with the selected-by-default
 * client (SDK 1.32.2's, Ajv 8, ajv-formats) and the module runtime of the engine's core, and the client half of the
 * v2 SDK as a part of its own, asked for when a check or a real run needs it (or once the frame says so: after the
 * first verdict). The worlds' realm stays one script (its one dynamic import, the v2 client half, inlined). Names are
 * kept as in the engine core (a verdict may quote the code that threw).
 */
export async function bundleClientRealm(config: BundleConfig, entry: string = CLIENT_REALM_ENTRY): Promise<ClientRealmBundle> {
  if (entry === CLIENT_REALM_ENTRY) {
    const split = await bundleEngine(config, entry, { prefix: 'client-realm', plugins: [clientHalfOfV2] });
    const core = split.output.filter((c) => !split.chunks.has(c.fileName));
    return {
      code: split.core,
      chunks: split.chunks,
      files: split.files,
      modules: Object.assign({}, ...core.map((c) => c.modules)) as Rolldown.OutputChunk['modules'],
      chunkModules: new Map(split.output.filter((c) => split.chunks.has(c.fileName)).map((c) => [c.fileName, c.modules])),
    };
  }
  const chunks = await sandboxBuild(config, {
    minify: false,
    lib: { entry: resolve(config.root, entry), formats: ['iife'], name: 'clientRealm', fileName: () => 'client-realm.js' },
    rolldownOptions: {
      onLog: (level, log, handler) => (log.code === 'EMPTY_IMPORT_META' ? undefined : handler(level, log)),
      output: { codeSplitting: false, minify: config.command === 'build' ? { compress: false, mangle: false, codegen: { removeWhitespace: true } } : false },
    },
  }, [clientHalfOfV2, worlds(config.root)]);
  const [chunk, ...rest] = chunks;
  // An inlined dynamic import is listed as one of the chunk itself.
  if (!chunk || rest.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.some((d) => d !== chunk.fileName)) {
    throw new Error(`${entry} did not bundle to one self-contained script`);
  }
  return { code: chunk.code, chunks: new Map(), files: new Set(chunk.moduleIds), modules: chunk.modules, chunkModules: new Map() };
}

/** The core script, the chunks served on their own (file name → text), and every module file it was made from. */
export interface EngineBundle {
  core: string;
  chunks: Map<string, string>;
  files: Set<string>;
  /** The rendered chunks themselves, for the bench's breakdown. */
  output: Rolldown.OutputChunk[];
}

/** The module the worker shell imports to reach the runtime (set the host that fetches chunk texts, lock). */
export const CHUNK_HOST_ID = 'virtual:engine-chunk-host';

/**
 * How a dynamic import of chunk `name` reads in Rolldown's CommonJS output: `Promise.resolve().then(() => require(…))`
 * inside Vite's preload wrapper `helper(() => …, void 0)` (which would report a failed load on `window`, absent in a
 * worker): the whole of it is replaced.
 */
function dynamicImportOf(name: string): RegExp {
  const load = String.raw`Promise\.resolve\(\)\.then\(\(\)\s*=>\s*require\((["'])\./${name.replaceAll('.', '\\.')}\1\)\)`;
  return new RegExp(String.raw`(?:[\w$]+\(\(\)\s*=>\s*${load},\s*void 0\)|${load})`, 'g');
}

/**
 * Bundles `entry` (relative to the root) into the core script and its chunks, named `<prefix>-<name>-<hash>.js`;
 * `plugins`: the engine's are the version worlds' and the zod parts' (zodParts.ts: zod's locales, compile and
 * fromJSONSchema are chunks of their own, src/engine/zod-parts).
 */
export async function bundleEngine(config: BundleConfig, entry: string, options: { prefix: string; plugins: PluginOption[] } = { prefix: 'engine', plugins: [worlds(config.root), zodParts(config.root)] }): Promise<EngineBundle> {
  const host: PluginOption = {
    name: 'engine-chunk-host',
    resolveId: (id) => (id === CHUNK_HOST_ID ? `\0${CHUNK_HOST_ID}` : undefined),
    // A free name, bound by the runtime around the core (below): never a global schema code could reach.
    load: (id) => (id === `\0${CHUNK_HOST_ID}` ? 'export default __engineChunkHost;' : undefined),
  };
  const output = await sandboxBuild(
    config,
    {
      modulePreload: false,
      // Whitespace only: names and syntax stay the packages' own, because a TypeError's message quotes the code that
      // threw (SDK 1.20 on zod 4: `keyValidator._parse is not a function`, not `t._parse …`) and verdicts quote it.
      minify: false,
      rolldownOptions: {
        input: resolve(config.root, entry),
        preserveEntrySignatures: false,
        // Vite's preload helper reads import.meta, which CommonJS lacks; with modulePreload off it never runs.
        onLog: (level, log, handler) => (log.code === 'EMPTY_IMPORT_META' ? undefined : handler(level, log)),
        output: {
          format: 'cjs',
          dynamicImportInCjs: true,
          entryFileNames: 'engine-core.js',
          chunkFileNames: `${options.prefix}-[name]-[hash].js`,
          minify: config.command === 'build' ? { compress: false, mangle: false, codegen: { removeWhitespace: true } } : false,
        },
      },
    },
    // The engine's: the version worlds (a `?world=` entry's module graph gets that world's zod, src/engine/worlds/table.ts).
    [host, ...options.plugins],
  );
  const byName = new Map(output.map((c) => [c.fileName, c]));
  const entryChunk = output.find((c) => c.isEntry);
  if (!entryChunk || output.filter((c) => c.isEntry).length > 1) throw new Error(`${entry} did not bundle to one entry`);
  const code = new Map(output.map((c) => [c.fileName, rewriteDynamicImports(c, byName)]));
  const core = staticClosure(entryChunk.fileName, byName);
  const chunks = new Map([...code].filter(([name]) => !core.includes(name)));
  const deps = Object.fromEntries([...chunks.keys()].map((name) => [name, byName.get(name)?.imports ?? []]));
  const defs = core.map((name) => `defs.set(${JSON.stringify(name)}, function (exports, require, module, __loadChunk) {\n${code.get(name) ?? ''}\n});`);
  const script = `(function () {\n"use strict";\n${RUNTIME}\nvar deps = ${JSON.stringify(deps)};\n${defs.join('\n')}\nreq(${JSON.stringify(entryChunk.fileName)});\n})();\n`;
  return { core: script, chunks, files: new Set(output.flatMap((c) => c.moduleIds)), output };
}

/** A chunk's code with each of its dynamic imports of a chunk turned into `__loadChunk(name)`; fails on any left. */
function rewriteDynamicImports(chunk: Rolldown.OutputChunk, byName: Map<string, Rolldown.OutputChunk>): string {
  let code = chunk.code;
  for (const name of chunk.dynamicImports) {
    if (!byName.has(name)) throw new Error(`${chunk.fileName} imports ${name}, which is not a chunk of its bundle`);
    const before = code;
    code = code.replace(dynamicImportOf(name), `__loadChunk(${JSON.stringify(name)})`);
    if (code === before || code.includes(`require("./${name}")`)) throw new Error(`${chunk.fileName}: the dynamic import of ${name} was not all rewritten`);
  }
  return code;
}

/** The chunk and everything it imports statically, dependencies first. */
function staticClosure(name: string, byName: Map<string, Rolldown.OutputChunk>, out: string[] = []): string[] {
  if (out.includes(name)) return out;
  for (const dep of byName.get(name)?.imports ?? []) staticClosure(dep, byName, out);
  out.push(name);
  return out;
}

/**
 * The module runtime, inside the core script's closure. `req` evaluates a chunk once; `__loadChunk` fetches the
 * texts a chunk needs through the host and evaluates it. Once locked (schema code is about to run in this realm) no
 * chunk is evaluated any more: a chunk must be loaded before, while every global is still the engine's own.
 */
const RUNTIME = `var defs = new Map(), cache = new Map(), fetchTexts = null, locked = false;
function req(spec) {
  var name = String(spec).replace(/^\\.\\//, "");
  var hit = cache.get(name);
  if (hit) return hit.exports;
  if (locked) throw new Error("The engine part " + name + " was needed after schema code ran in this sandbox; it must be loaded before");
  var def = defs.get(name);
  if (!def) throw new Error("The engine part " + name + " was not loaded");
  var module = { exports: {} };
  cache.set(name, module);
  def.call(undefined, module.exports, req, module, load);
  return module.exports;
}
function missing(name, out) {
  if (out.indexOf(name) >= 0 || defs.has(name)) return out;
  out.push(name);
  (deps[name] || []).forEach(function (d) { missing(d, out); });
  return out;
}
function load(spec) {
  var name = String(spec).replace(/^\\.\\//, "");
  if (cache.has(name)) return Promise.resolve(cache.get(name).exports);
  if (locked) return Promise.reject(new Error("The engine part " + name + " was needed after schema code ran in this sandbox; it must be loaded before"));
  var names = missing(name, []);
  if (names.length > 0 && !fetchTexts) return Promise.reject(new Error("The engine part " + name + " cannot be fetched here"));
  return Promise.resolve(names.length > 0 ? fetchTexts(names) : []).then(function (texts) {
    names.forEach(function (n, i) {
      if (!defs.has(n)) defs.set(n, new Function("exports", "require", "module", "__loadChunk", "\\"use strict\\";\\n" + String(texts[i])));
    });
    return req(name);
  });
}
var __engineChunkHost = {
  setFetcher: function (f) { fetchTexts = f; },
  lock: function () { locked = true; }
};`;
