/**
 * The command line (`mcp-schema-playground`) built to JavaScript for Node: `npm run build:cli` writes dist-cli/, which
 * the package's `bin` points at. No TypeScript loader runs at run time. The `prepare` script runs it: npm runs
 * `prepare` on `npm pack` (so the tarball ships the built CLI), on `npm ci` in a clone, and for a git URL install,
 * where `prepack` would not run.
 *
 * The npm packages the CLI runs (zod, the MCP SDKs, Ajv, sucrase, fast-check…) are bundled in, at the versions
 * package-lock.json pins, so the package has no run-time dependencies: an install is the tarball and nothing else
 * (the published SDKs and zods as installed packages, their source maps and type files included, come to 65 MB).
 * The version worlds are resolved at build time by the worlds plugin, as in the browser's engine bundle: each
 * `import('./entry-….ts?world=<zod package>')` is a chunk of its own with its own copy of the packages that import
 * zod, so the Node resolve hook (src/worlds-node/, used by `npm run evaluate` under tsx) has nothing to do here.
 * Node built-ins stay imports. The bundled packages' licenses are written to dist-cli/THIRD-PARTY-LICENSES.txt.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { worlds } from './build/worlds-plugin.ts';
import { zodParts } from './vite-plugins/zodParts.ts';

/**
 * The CLI's entry points, by output name (dist-cli/<name>.js): the one list. Adding an entry (a Node worker_thread's
 * script, say, started with `new Worker(new URL('./<name>.js', import.meta.url))`) is one line here.
 */
export const CLI_ENTRIES: Readonly<Record<string, string>> = {
  cli: 'src/cli.ts',
  'node-realm-worker': 'src/node-realm/worker.ts',
};

/** The output directory (git-ignored; package.json's `files` and `bin` name it). */
export const CLI_OUT_DIR = 'dist-cli';

/** The file naming every bundled package with its license text. */
export const LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

const ROOT = import.meta.dirname;
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The worlds are bundled (above): registering the Node hook would only look for a file the build does not ship. */
const noWorldsHook: Plugin = {
  name: 'cli-no-worlds-hook',
  enforce: 'pre',
  load: (id) => (id.replace(/\?.*$/, '') === resolve(ROOT, 'src/worlds-node/register.ts') ? 'export function registerWorlds() {}\n' : null),
};

/** The folder of the package a bundled file belongs to (after its last node_modules/), or null for the project's own. */
function packageDir(file: string): string | null {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [scope, name] = file.slice(at + '/node_modules/'.length).split('/');
  if (!scope) return null;
  return file.slice(0, at + '/node_modules/'.length) + (scope.startsWith('@') ? `${scope}/${name}` : scope);
}

/** One bundled package's notice: name, version, license, and its license file's text. */
function noticeOf(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  if (!file && !pkg.license) throw new Error(`${dir}: a bundled package with neither a license file nor a license field`);
  const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `(no license file; package.json says ${pkg.license})`;
  return `${pkg.name}@${pkg.version} (${pkg.license ?? 'see below'})\n\n${text}\n`;
}

/** Writes THIRD-PARTY-LICENSES.txt: every package whose code is in the built CLI, with its license text. */
const thirdPartyLicenses: Plugin = {
  name: 'cli-third-party-licenses',
  generateBundle(_, bundle) {
    const dirs = new Set<string>();
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      for (const id of out.moduleIds) {
        const dir = packageDir(id.replace(/\?.*$/, '').replace(/^\0/, ''));
        if (dir && existsSync(join(dir, 'package.json'))) dirs.add(dir);
      }
    }
    const notices = [...dirs].sort().map(noticeOf);
    const head = `The built mcp-schema-playground CLI (${CLI_OUT_DIR}/) bundles these ${notices.length} packages.\n`;
    this.emitFile({ type: 'asset', fileName: LICENSES_FILE, source: [head, ...notices].join(`\n${'-'.repeat(78)}\n\n`) });
  },
};

export default defineConfig({
  root: ROOT,
  // The app's index.html, public/ and plugins are not the CLI's.
  publicDir: false,
  // zod's rarely used parts are chunks loaded on mention, as in the browser's engine (vite-plugins/zodParts.ts).
  plugins: [noWorldsHook, worlds(ROOT), zodParts(ROOT), thirdPartyLicenses],
  // Packages' Node builds (the SDKs' stdio transports, cross-spawn), not their browser builds.
  resolve: { conditions: ['node', 'import', 'module', 'default'], mainFields: ['module', 'main'] },
  build: {
    outDir: CLI_OUT_DIR,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4000,
    lib: {
      entry: Object.fromEntries(Object.entries(CLI_ENTRIES).map(([name, file]) => [name, resolve(ROOT, file)])),
      formats: ['es'],
      fileName: (_, name) => `${name}.js`,
    },
    rolldownOptions: {
      platform: 'node',
      external: (id) => BUILTINS.has(id),
      output: {
        chunkFileNames: '[name]-[hash].js',
        // Whitespace and comments only: names and code stay as written (a verdict may quote the code that threw).
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
        banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});

/** For tests and the bench: the built CLI's entry file. */
export const CLI_BIN = join(CLI_OUT_DIR, 'cli.js');
