/**
 * Leaves the rarely used parts of the default zod package out of a bundle (src/engine/zod-parts/catalog.ts): every
 * import of a part's module from zod's own modules gets a stand-in module instead, which exports the same names as
 * live bindings, each a stand-in that throws why it is not here (src/engine/zod-parts/stand-in.ts), and registers the
 * installer that sets them to the real exports once the part's chunk is loaded. The part's real module is then
 * bundled only where the engine imports it itself: its chunk (src/engine/zod-parts/index.ts). Modules of a version
 * world (`?world=`) and of the other zod packages are left alone.
 */
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { ZOD_PARTS, type ZodPart } from '../src/engine/zod-parts/catalog.ts';

const PREFIX = '\0zod-part:';

/** The plugin; `root` is the directory whose node_modules/zod is the default zod. */
export function zodParts(root: string): Plugin {
  const zodDir = resolve(root, 'node_modules/zod');
  const byFile = new Map(ZOD_PARTS.map((p) => [resolve(zodDir, p.file), p]));
  return {
    name: 'zod-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || importer.includes('?') || !importer.startsWith(`${zodDir}/`)) return null;
      const part = byFile.get(resolve(dirname(importer), source));
      return part ? `${PREFIX}${part.name}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const part = ZOD_PARTS.find((p) => `${PREFIX}${p.name}` === id);
      return part ? standInModule(part, resolve(zodDir, part.file), resolve(root, 'src/engine/zod-parts/stand-in.ts')) : null;
    },
  };
}

/** The stand-in module of a part: its real module's export names, each a live binding. */
async function standInModule(part: ZodPart, file: string, standIns: string): Promise<string> {
  const real = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const names = Object.keys(real);
  if (names.length === 0) throw new Error(`zod-parts: ${file} exports nothing`);
  const lines = [`import { standIn, registerZodPart } from ${JSON.stringify(standIns)};`];
  const kept = Object.entries(part.kept ?? {});
  kept.forEach(([, from], k) => lines.push(`import kept${k} from ${JSON.stringify(resolve(dirname(file), from))};`));
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`zod-parts: ${file} exports ${name}, not an identifier`);
    const keptAt = kept.findIndex(([n]) => n === name);
    const value = real[name];
    const symbolKey = typeof value === 'symbol' ? Symbol.keyFor(value) : undefined;
    let initial: string;
    if (keptAt >= 0) initial = `kept${keptAt}`;
    else if (typeof value === 'function') initial = `standIn(${JSON.stringify(part.name)}, ${JSON.stringify(name)})`;
    else if (symbolKey !== undefined) initial = `Symbol.for(${JSON.stringify(symbolKey)})`;
    else throw new Error(`zod-parts: ${file} exports ${name}, which has no stand-in (a ${typeof value})`);
    lines.push(`export let ${name} = ${initial};`);
  }
  lines.push(`registerZodPart(${JSON.stringify(part.name)}, function (real) {`, ...names.map((n) => `  ${n} = real.${n};`), '});');
  return `${lines.join('\n')}\n`;
}
