/**
 * `npm run evaluate -- <case.json|-> [--zod V] [--sdk V] [--server V] [--answer-form F]`: prints the Report as JSON.
 * The flags override the case file's `versions` and `answerForm`. Exit 0 when it evaluated, 2 when the case file is
 * unreadable or names a version or answer form that does not exist (the message lists the available ones).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { registerWorlds } from './worlds-node/register.ts';
import { CaseSchema } from './engine/case.ts';
import { DEFAULT_VERSIONS } from './engine/contract/versions.ts';
import { evaluate } from './engine/evaluate.ts';
import { messageOf } from './engine/lib/message.ts';
import { versionsOf } from './engine/worlds/load-world.ts';

const USAGE =
  'usage: npm run evaluate -- <case.json | -> [--zod <version>] [--sdk <version>] [--server <version>] [--answer-form structuredContent|result]\n' +
  '   (reads a case {"v":1,"role","tool","schema","answer","versions"?,"answerForm"?}; the flags override the file)';

const FLAGS = { zod: { type: 'string' }, sdk: { type: 'string' }, server: { type: 'string' }, 'answer-form': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS; allowPositionals: true }>>;
  try {
    args = parseArgs({ args: argv, options: FLAGS, allowPositionals: true });
  } catch (e) {
    process.stderr.write(`${messageOf(e)}\n${USAGE}\n`);
    return 2;
  }
  const file = args.positionals[0];
  if (!file || args.positionals.length > 1 || args.values.help) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (e) {
    process.stderr.write(`cannot read the case ${file === '-' ? 'from standard input' : file}: ${messageOf(e)}\n`);
    return 2;
  }
  const picked = withFlags(data, args.values);
  if (!picked.ok) {
    process.stderr.write(`${picked.error}\n`);
    return 2;
  }
  const report = await evaluate(picked.data);
  await writeAll(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}

/** The case with the flags over its `versions` and `answerForm`, or the message refusing a version or form that does not exist. */
function withFlags(data: unknown, flags: { zod?: string; sdk?: string; server?: string; 'answer-form'?: string }): { ok: true; data: unknown } | { ok: false; error: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: true, data };
  const own = data as { versions?: unknown; answerForm?: unknown };
  const given = { zod: flags.zod, sdk: flags.sdk, server: flags.server };
  const fromFile = typeof own.versions === 'object' && own.versions !== null ? own.versions : {};
  const versions = { ...fromFile, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const out = { ...own, ...(Object.keys(versions).length > 0 ? { versions } : {}), ...(flags['answer-form'] ? { answerForm: flags['answer-form'] } : {}) };
  const checked = CaseSchema.pick({ versions: true, answerForm: true }).safeParse(out);
  if (!checked.success) return { ok: false, error: checked.error.issues.map((i) => i.message).join('\n') };
  const run = versionsOf(checked.data.versions);
  // Only a non-default world needs the Node hook: the default world resolves every module as before.
  if (run.zod !== DEFAULT_VERSIONS.zod || run.sdk !== DEFAULT_VERSIONS.sdk || run.server !== DEFAULT_VERSIONS.server) {
    registerWorlds();
  }
  return { ok: true, data: out };
}

/** Resolves once stdout has taken the whole text: a pipe is written asynchronously, and process.exit drops what is pending. */
function writeAll(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${messageOf(e)}\n`);
    process.exit(1);
  },
);
