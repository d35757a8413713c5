/**
 * The floor page (bench/floor/): the least any playground must do to show a case's first verdict, so that the browser
 * section reports the app's times as ratios to it, measured in the same run on the same machine. Built with the
 * project's own vite.config.ts into a directory of its own and copied beside the app it is compared with (the app's
 * dist never holds it), served by the same preview server and opened from a link like the app's.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { transform } from 'sucrase';
import { build } from 'vite';
import type { FloorCase } from './floor/protocol.ts';

const ROOT = join(import.meta.dirname, '..');
/** The floor page's path under the served directory (its HTML keeps its place relative to the project root). */
export const FLOOR_PAGE = 'bench/floor/index.html';
/** The floor's verdict once it is on screen. */
export const FLOOR_VERDICT = '#verdict[data-floor-verdict]';

/** The case a floor link carries: an output schema's module (TypeScript or JavaScript) and an answer. */
export interface FloorInput {
  tool: string;
  schema: string;
  answer: string;
}

/** The schema module compiled to JS ahead of time, as the floor runs it: types stripped, imports as `require`. */
export function floorCaseOf(c: FloorInput): FloorCase {
  const js = transform(c.schema, { transforms: ['typescript', 'imports'], disableESTransforms: true }).code;
  return { tool: c.tool, js, answer: c.answer };
}

/** The floor page's link for a case: the path and a fragment of base64url(deflate-raw(JSON)), as a permalink's. */
export function floorLink(c: FloorInput): string {
  const bytes = deflateSync(strToU8(JSON.stringify(floorCaseOf(c))));
  const b64 = Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `/${FLOOR_PAGE}#${b64}`;
}

/**
 * Builds the floor page with vite.config.ts (only its input replaced) and copies it into `into`: its HTML under
 * bench/floor/ and its scripts under assets/ (content-hashed names, so nothing of the app's is replaced).
 */
export async function buildFloor(into: string): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: ROOT,
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, rolldownOptions: { input: join(ROOT, FLOOR_PAGE) } },
    });
    cpSync(join(out, 'bench'), join(into, 'bench'), { recursive: true });
    cpSync(join(out, 'assets'), join(into, 'assets'), { recursive: true });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
