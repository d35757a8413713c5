/** `npm run evaluate -- <case.json|->`: prints the Report as JSON. Exit 0 when it evaluated, 2 when the case file is unreadable. */
import { readFileSync } from 'node:fs';
import { evaluate } from './engine/evaluate.ts';
import { messageOf } from './engine/lib/message.ts';

const USAGE = 'usage: npm run evaluate -- <case.json | ->   (reads a case {"v":1,"role","tool","schema","answer"})';

async function main(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file || argv.length > 1 || file === '--help' || file === '-h') {
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
  const report = await evaluate(data);
  await writeAll(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}

/** Resolves once stdout has taken the whole text: a pipe is written asynchronously, and process.exit drops what is pending. */
function writeAll(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
}

main(process.argv.slice(2)).then((code) => process.exit(code));
