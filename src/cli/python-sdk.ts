/**
 * `evaluate --client python-sdk`: the Python `mcp` package's own ClientSession judges what each converter's server
 * lists and ships, as the Report says (python/evaluate_client.py). The Python process gets data only, read off the
 * Report the hardened realm made (listings and shipped results, JSON): the case's code runs in that realm and nowhere
 * else. It is a CLI addition beside the Report, not part of it: a browser cannot run Python without fetching its
 * wheels from a CDN, and the Report is the same in both.
 */
import { spawn } from 'node:child_process';
import { parse as parseJsonc } from 'jsonc-parser';
import type { Json, JsonSchema, PolicyRow, Report } from '../engine/report.ts';
import type { ConverterId, PolicyId } from '../engine/contract/catalog.ts';
import { shipsOf } from '../engine/values.ts';
import { messageOf } from '../engine/lib/message.ts';
import { NotRun, PYTHON_NOT_RUN, pythonCommand, scriptPath } from '../check/python.ts';

/** What the Python client concluded of one policy row: `valid: null` when it validated nothing (no outputSchema listed, an isError result, a list that failed). */
export interface PythonVerdict {
  valid: boolean | null;
  message: string | null;
}

/** The Python client's run beside a Report: its verdict per converter and policy, and the packages that ran; or why it did not run. */
export type PythonRun =
  | { versions: Record<string, string | null>; converters: { [C in ConverterId]?: { [P in PolicyId]?: PythonVerdict } } }
  | { notRun: string };

/** One row for the script: what the server lists, and the CallToolResult it sends. */
interface Row {
  listing: JsonSchema | null;
  result: { [key: string]: Json };
}

/** The case fields the run reads (data only): the answer text, for a whole result's content and isError. */
interface CaseData {
  answer?: unknown;
}

/** The longest the Python process may take for a whole Report. */
const RUN_MS = 120_000;

/** Runs the Python client on every converter × policy row of the Report; never throws (a failure is its notRun line). */
export async function pythonRun(report: Report, given: CaseData): Promise<PythonRun> {
  if (report.role !== 'output') return { notRun: 'the Python client validates tool results only; it sends arguments without checking them' };
  if (report.protocol === '2026-07-28') return { notRun: "the case's protocol is 2026-07-28; mcp's ClientSession initializes at 2025-11-25, where the servers ship another wire" };
  const whole = wholeOf(report, given);
  const rows: Row[] = [];
  const keys = new Map<string, number>();
  const placed: Array<[ConverterId, PolicyId, number | null]> = [];
  for (const [converter, row] of Object.entries(report.converters) as Array<[ConverterId, NonNullable<Report['converters'][ConverterId]>]>) {
    for (const [policy, p] of Object.entries(row.policies) as Array<[PolicyId, PolicyRow]>) {
      // A server whose tools/list fails lists nothing to validate against: no verdict, as the Report's clients give none.
      if (row.listError !== null) {
        placed.push([converter, policy, null]);
        continue;
      }
      const next: Row = { listing: p.listed !== undefined ? p.listed : row.listed, result: resultOf(report, p, whole) };
      const key = JSON.stringify(next);
      let at = keys.get(key);
      if (at === undefined) keys.set(key, (at = rows.push(next) - 1));
      placed.push([converter, policy, at]);
    }
  }
  let said: { versions: Record<string, string | null>; verdicts: Array<{ ok: boolean; message?: string; validated: number }> };
  try {
    said = await runScript({ tool: report.tool, rows });
  } catch (e) {
    return { notRun: e instanceof NotRun ? e.message : `${PYTHON_NOT_RUN} (${messageOf(e)})` };
  }
  const converters: Extract<PythonRun, { converters: unknown }>['converters'] = {};
  for (const [converter, policy, at] of placed) {
    const v = at === null ? undefined : said.verdicts[at];
    const verdict: PythonVerdict = v === undefined ? { valid: null, message: null } : v.ok ? { valid: v.validated > 0 ? true : null, message: null } : { valid: false, message: v.message ?? '' };
    converters[converter] = { ...converters[converter], [policy]: verdict };
  }
  return { versions: said.versions, converters };
}

/** A whole result's own content and isError, and whether it has a structuredContent key; null for a structuredContent answer. */
function wholeOf(report: Report, given: CaseData): { content: Json; isError: boolean; absent: boolean } | null {
  if (report.answerForm !== 'result' || typeof given.answer !== 'string') return null;
  const value = parseJsonc(given.answer) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as { [key: string]: Json };
  return { content: v['content'] ?? [], isError: v['isError'] === true, absent: !Object.hasOwn(v, 'structuredContent') };
}

/** The CallToolResult a policy row puts on the wire: its refusal as an isError result, else what ships. */
function resultOf(report: Report, row: PolicyRow, whole: ReturnType<typeof wholeOf>): { [key: string]: Json } {
  if (row.refused !== null) return { content: [{ type: 'text', text: row.refused }], isError: true };
  const ships = shipsOf(report, row);
  if (whole === null) return { content: [{ type: 'text', text: JSON.stringify(ships) }], structuredContent: ships };
  // A whole result without structuredContent ships none (null in the row): the key stays out, as on the real wire.
  const structured = whole.absent && ships === null ? {} : { structuredContent: ships };
  return { content: whole.content, ...structured, ...(whole.isError ? { isError: true } : {}) };
}

/** Starts python/evaluate_client.py with the rows on stdin and resolves with its one line; rejects with NotRun when it cannot run here. */
function runScript(given: { tool: string; rows: Row[] }): Promise<{ versions: Record<string, string | null>; verdicts: Array<{ ok: boolean; message?: string; validated: number }> }> {
  const python = pythonCommand();
  const script = scriptPath('evaluate_client.py');
  return new Promise((resolve, reject) => {
    const child = spawn(python, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill(), RUN_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new NotRun(`${PYTHON_NOT_RUN} (${python}: ${e.message})`));
    });
    child.on('close', () => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      let said: unknown;
      try {
        said = line === undefined ? undefined : JSON.parse(line);
      } catch {
        said = undefined;
      }
      if (typeof said === 'object' && said !== null && 'notRun' in said) {
        const { notRun, detail } = said as { notRun: string; detail?: string };
        return reject(new NotRun(`${notRun}${detail ? ` (${python}: ${detail})` : ''}`));
      }
      if (typeof said === 'object' && said !== null && 'verdicts' in said) return resolve(said as never);
      const last = stderr.trim().split('\n').at(-1);
      reject(new NotRun(`${PYTHON_NOT_RUN} (${python} ended without running the client${last ? `: ${last}` : ''})`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(given));
  });
}
