/**
 * The version worlds for Node (the CLI, vitest): a `module.register` hook applying src/engine/worlds/table.ts, which
 * build/worlds-node.ts hands it as data (the zod package per world tag and package). Untagged modules resolve as usual.
 */
let table = { root: '', zodFor: {} };

/** Receives the table: `{ root: file URL of the project's package.json, zodFor: { [tag]: { [pkg or '']: zodPkg } } }`. */
export function initialize(data) {
  table = data;
}

const tagOf = (url) => {
  const m = /[?&]world=([\w.@/-]+)/.exec(url ?? '');
  return m && m[1] in table.zodFor ? m[1] : null;
};
const packageOf = (url) => {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = url.slice(at + 14).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
};

export async function resolve(specifier, context, next) {
  const tag = tagOf(context.parentURL);
  if (tag === null) return next(specifier, context);
  const zod = /^zod(\/.*)?$/.exec(specifier);
  const byPkg = table.zodFor[tag];
  if (zod) {
    const pkg = packageOf(context.parentURL.replace(/\?.*$/, ''));
    return next(`${byPkg[pkg ?? ''] ?? byPkg['']}${zod[1] ?? ''}`, { ...context, parentURL: table.root });
  }
  const resolved = await next(specifier, context);
  const pkg = resolved.url.startsWith('file:') ? packageOf(resolved.url) : null;
  if (pkg === null || !(pkg in byPkg)) return resolved;
  return { ...resolved, url: `${resolved.url.replace(/\?.*$/, '')}?world=${tag}` };
}
