/**
 * What the engine worker's core script is made of: src/sandbox/worker.ts bundled as the build does
 * (vite-plugins/engineBundle.ts, minified; lazy chunks left out), its modules grouped by npm package, each group's share of the gzipped bundle estimated.
 */
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { bundleClientRealm, bundleEngine } from '../vite-plugins/engineBundle.ts';

/** One npm package's (or our source's) part of the bundle. */
export interface PackageShare {
  /** The npm package, or "ours (src/…)" for this repository's code. */
  name: string;
  modules: number;
  /** Rendered bytes of its modules (tree-shaken, before minification). */
  rendered: number;
  /** Its share of the gzipped bundle, estimated: its modules gzipped on their own, scaled so the shares add up to the bundle. */
  gzipEstimate: number;
  share: number;
}

/** One module among the largest, by the same estimate. */
export interface ModuleShare {
  /** Its path under node_modules, or under the repository. */
  path: string;
  rendered: number;
  gzipEstimate: number;
}

/** The bundle as a whole, by package and its largest modules, largest first. */
export interface WorkerBreakdown {
  minified: number;
  gzip: number;
  packages: PackageShare[];
  largestModules: ModuleShare[];
}

const ROOT = resolve(import.meta.dirname, '..');
const WORKER_ENTRY = 'src/sandbox/worker.ts';
/** How many of the largest modules the breakdown names. */
const LARGEST = 8;

/** The npm package a module id belongs to (the innermost node_modules wins), else our top-level source folder. */
export function packageOf(id: string): string {
  const path = id.replaceAll('\\', '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const [first = '', second = ''] = path.slice(at + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (path.startsWith(`${ROOT}/src/`)) return `ours (src/${path.slice(ROOT.length + 5).split('/')[0] ?? ''})`;
  return 'bundler runtime';
}

/** Bundles the worker as the production build does and breaks it down by package. */
export async function workerBreakdown(): Promise<WorkerBreakdown> {
  // The core script only: what the worker compiles before its first case (its lazy chunks come later).
  const bundle = await bundleEngine({ root: ROOT, mode: 'production', command: 'build' }, WORKER_ENTRY);
  const core = bundle.output.filter((c) => !bundle.chunks.has(c.fileName));
  return breakdown(bundle.core, Object.assign({}, ...core.map((c) => c.modules)) as Rolldown.OutputChunk['modules']);
}

/**
 * The client realm (src/sandbox/clientRealm.ts) by package, as the build makes it: `script`, what the frame starts it
 * from (fetched before the first verdict: the default selected client, SDK v1 with its Ajv), and `later`, its later
 * part (the v2 client half, fetched after the first verdict unless a v2 client is selected).
 */
export async function clientRealmBreakdown(): Promise<{ script: WorkerBreakdown; later: WorkerBreakdown }> {
  const bundle = await bundleClientRealm({ root: ROOT, mode: 'production', command: 'build' });
  const later = [...bundle.chunks].map(([name, code]) => ({ code, modules: bundle.chunkModules.get(name) ?? {} }));
  return {
    script: breakdown(bundle.code, bundle.modules),
    later: breakdown(later.map((l) => l.code).join('\n'), Object.assign({}, ...later.map((l) => l.modules)) as Rolldown.OutputChunk['modules']),
  };
}

/** A script's modules grouped by package, each group's share of the gzipped script estimated. */
function breakdown(code: string, modules: Rolldown.OutputChunk['modules']): WorkerBreakdown {
  const groups = new Map<string, { modules: number; rendered: number; code: string[] }>();
  const rendered = Object.entries(modules).filter(([, mod]) => mod.renderedLength > 0);
  for (const [id, mod] of rendered) {
    const name = packageOf(id);
    const group = groups.get(name) ?? { modules: 0, rendered: 0, code: [] };
    group.modules += 1;
    group.rendered += mod.renderedLength;
    group.code.push(mod.code ?? '');
    groups.set(name, group);
  }
  const gzip = gzipSync(code).length;
  const alone = [...groups].map(([name, g]) => ({ name, modules: g.modules, rendered: g.rendered, gz: gzipSync(g.code.join('\n')).length }));
  const sum = alone.reduce((n, g) => n + g.gz, 0);
  const packages = alone
    .map(({ name, modules, rendered, gz }) => ({ name, modules, rendered, gzipEstimate: Math.round((gz / sum) * gzip), share: gz / sum }))
    .sort((a, b) => b.gzipEstimate - a.gzipEstimate);
  // The same scale for single modules: a module gzipped alone compresses a little worse than inside its package.
  const scale = gzip / sum;
  const largestModules = rendered
    .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
    .slice(0, LARGEST)
    .map(([id, mod]) => ({ path: shortPath(id), rendered: mod.renderedLength, gzipEstimate: Math.round(gzipSync(mod.code ?? '').length * scale) }));
  return { minified: Buffer.byteLength(code), gzip, packages, largestModules };
}

function shortPath(id: string): string {
  const path = id.replaceAll('\\', '/');
  const at = path.lastIndexOf('/node_modules/');
  return at >= 0 ? path.slice(at + '/node_modules/'.length) : path.startsWith(`${ROOT}/`) ? path.slice(ROOT.length + 1) : path;
}
