/**
 * Caps on the Report's free text. An answer with 100,000 undeclared keys makes every client name 100,000 errors; the
 * report then carries megabytes of message per verdict. Each message keeps its first errors, verbatim, up to
 * MAX_MESSAGE_ERRORS and MAX_MESSAGE_CHARS, then says how much it left out. Messages within both caps are untouched,
 * byte for byte, so they stay equal to what the real clients and servers say. A verdict's structured errors keep the
 * same first MAX_MESSAGE_ERRORS.
 */
import type { Report, Verdict } from './report.ts';

/** A capped message keeps at most this many errors. */
export const MAX_MESSAGE_ERRORS = 50;
/** A capped message keeps at most this many characters (UTF-16 code units) of its own text. */
export const MAX_MESSAGE_CHARS = 4000;
/** What a capped message ends with, before its count: `… and 99950 more errors`. */
export const CAP_MARK = ' … and ';

/**
 * Where one error ends and the next begins, in the texts the report carries: Ajv's errorsText (`data… , data…`),
 * @cfworker/json-schema's (`#…; #…`), and v1's input refusal (one zod issue per line).
 */
const BETWEEN_ERRORS = /, (?=data[/ ])|; (?=#)|\n/g;

/** The message as is when it is within both caps; else its first errors (or characters) and `… and N more …`. */
export function capMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS && countErrors(text, MAX_MESSAGE_ERRORS + 1) <= MAX_MESSAGE_ERRORS) return text;
  // The end of each kept error, while both caps hold.
  let end = -1;
  let kept = 0;
  BETWEEN_ERRORS.lastIndex = 0;
  for (let m = BETWEEN_ERRORS.exec(text); m !== null && kept < MAX_MESSAGE_ERRORS && m.index <= MAX_MESSAGE_CHARS; m = BETWEEN_ERRORS.exec(text)) {
    end = m.index;
    kept++;
  }
  if (kept === 0) {
    // The first error alone is over the character cap: keep its start, without half a surrogate pair.
    const last = text.charCodeAt(MAX_MESSAGE_CHARS - 1);
    const cut = text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_MESSAGE_CHARS - 1 : MAX_MESSAGE_CHARS);
    return `${cut}${CAP_MARK}${text.length - cut.length} more characters`;
  }
  return `${text.slice(0, end)}${CAP_MARK}${countErrors(text, Infinity) - kept} more errors`;
}

/** How many errors a message names (stops counting past `atMost`). */
function countErrors(text: string, atMost: number): number {
  let n = 1;
  BETWEEN_ERRORS.lastIndex = 0;
  while (n < atMost && BETWEEN_ERRORS.exec(text) !== null) n++;
  return n;
}

/** A verdict's structured errors under the same caps as its message: the first MAX_MESSAGE_ERRORS, each text capped. */
function cappedErrors(errors: Verdict['errors'], capped: (text: string) => string): Pick<Verdict, 'errors'> {
  if (errors === undefined) return {};
  return { errors: errors.slice(0, MAX_MESSAGE_ERRORS).map((e) => ({ ...e, message: capped(e.message) })) };
}

/** Caps every free-text field of a report in place: verdict messages, structured errors, refusals, logs, list errors, real-SDK texts. */
export function capReport(report: Report): Report {
  // Rows share their long texts (every client's message on one listing, every policy's refusal): cap each once.
  const done = new Map<string, string>();
  const capped = <T extends string | null>(text: T): T => {
    // Only schema code that patched built-ins puts a non-string here: it passes as is, for the page's contract check to refuse.
    if (typeof text !== 'string') return text;
    if (text.length <= MAX_MESSAGE_CHARS / 2) return capMessage(text) as T;
    let out = done.get(text);
    if (out === undefined) done.set(text, (out = capMessage(text)));
    return out as T;
  };
  if (!report.load.ok) report.load.error.message = capped(report.load.error.message);
  if (!report.answer.ok) report.answer.error.message = capped(report.answer.error.message);
  for (const row of Object.values(report.converters)) {
    row.listError = capped(row.listError);
    row.warning = capped(row.warning);
    for (const policy of Object.values(row.policies)) {
      policy.refused = capped(policy.refused);
      policy.log = capped(policy.log);
      // Verdicts are shared between rows (evaluate's memo hands out copies), so each is replaced, not edited.
      for (const [client, verdict] of Object.entries(policy.verdicts) as Array<[keyof typeof policy.verdicts, (typeof policy.verdicts)[keyof typeof policy.verdicts]]>) {
        if (verdict.message !== null) policy.verdicts[client] = { ...verdict, message: capped(verdict.message), ...cappedErrors(verdict.errors, capped) };
      }
    }
  }
  for (const run of [report.realSdk.v1, report.realSdk.v2]) {
    if (!run) continue;
    run.listError = capped(run.listError);
    run.text = capped(run.text);
    run.callError = capped(run.callError);
  }
  if (report.input) report.input.error = capped(report.input.error);
  if (report.registration) {
    const r = report.registration;
    report.registration = { ...r, tools: r.tools.map((t) => ({ name: capped(t.name), description: capped(t.description) })), picked: capped(r.picked), handlerNote: capped(r.handlerNote) };
  }
  return report;
}
