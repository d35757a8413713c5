/** The installed package this code runs from: its folder and its version, read at run time (sources or built CLI alike). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The package's folder: the nearest one above `dir` with a package.json (the clone's, or the installed package's in
 * node_modules). `dir` is the calling module's folder: src/… in the sources, dist-cli/ in the built CLI.
 */
function packageRoot(dir: string = import.meta.dirname): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) throw new Error(`no package.json above ${dir}`);
  }
}

/** The package's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
