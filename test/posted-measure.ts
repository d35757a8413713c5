/**
 * What a large case's report costs on its way to the page (not a test: `npx tsx test/posted-measure.ts`): its
 * structured-clone size as posted (after the worker's stand-ins) and in full, the time to clone it, and the time of the
 * page's contract check. For the bench's 300-field ~1 MB case and the browser bench's 300-field ~100 KB case.
 */
import { deserialize, serialize } from 'node:v8';
import { largeObjectCase, largeUnionCase } from '../bench/cases.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { elideLargeValues } from '../src/sandbox/elide.ts';
import { checkReport } from '../src/state/reportCheck.ts';

function median(run: () => void, n = 7): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)] as number;
}

const cases = [largeObjectCase(), largeObjectCase(100_000), largeUnionCase()];
for (const bc of cases) {
  const c = { ...bc.case, converter: 'mcp-sdk-v1', client: 'sdk-v1' };
  const report = await evaluate(c);
  const posted = elideLargeValues(report, c.answer.length);
  const full = serialize(report).byteLength;
  const sent = serialize(posted).byteLength;
  const cloneMs = median(() => deserialize(serialize(posted)));
  const checkMs = median(() => {
    if (!checkReport(deserialize(serialize(posted))).ok) throw new Error('malformed');
  });
  const json = JSON.stringify(report).length;
  console.log(`${bc.id} (answer ${c.answer.length} chars): posted ${sent} B, unelided ${full} B, JSON.stringify ${json} chars; clone ${cloneMs.toFixed(1)} ms, clone+contract check ${checkMs.toFixed(1)} ms`);
}
