/**
 * The one data format for "a case and its expected verdicts": the gallery examples, the fixtures (test/fixtures/*.json),
 * the bad-input rows and the e2e tables all write a case this way. test/case-check.ts checks one against a Report.
 */
import type { Case } from '../engine/case.ts';
import type { ErrorInfo, Json } from '../engine/report.ts';
import type { AnswerForm, Protocol, Versions } from '../engine/contract/versions.ts';
import type { ClientId, ConverterId, PolicyId } from '../engine/contract/catalog.ts';

/** One verdict in the Report: `client`'s conclusion on what `converter` lists and `policy` ships. */
export interface ExpectedVerdict {
  converter: ConverterId;
  policy: PolicyId;
  client: ClientId;
  /** true = PASS, false = FAIL, null = nothing ships (refused) or the client does not validate. */
  valid: boolean | null;
  /** A substring of the client's message (FAIL), or of the refusal (valid: null). */
  says?: string;
}

/** A listing that fails: `converter` lists nothing and its error contains `says`. */
export interface ExpectedListError {
  converter: ConverterId;
  says: string;
}

/** What the Report of a case must show; every part is optional, and what is given must hold. */
export interface Expected {
  /** The schema is refused with exactly this error (message, and line/column where one exists). Absent: it loads. */
  load?: ErrorInfo;
  /** The answer is refused with exactly this error. Absent: it is accepted (when the schema loads). */
  answer?: ErrorInfo;
  listErrors?: ExpectedListError[];
  verdicts?: ExpectedVerdict[];
  /** Recorded from a real run (test/record-fixture.ts), not hand-written: a partial Report (objects as subsets). */
  report?: Record<string, unknown>;
  /**
   * The same case in each protocol era, recorded from real runs (test/record-world-examples.ts): what the case's
   * converter lists and ships and what its client says there. The example strip shows them side by side.
   */
  eras?: EraOutcome[];
}

/** What one era did with a case under its converter and client (raw policy). */
export interface EraOutcome {
  protocol: Protocol;
  /** The listed schema's root `type` and, when wrapped, its `properties` keys ("object { result }", "array"). */
  listed: string;
  ships: Json | null;
  valid: boolean | null;
  says: string | null;
}

/** A case and its expected verdicts. */
export interface CaseSpec<C extends Case = Case> {
  case: C;
  expect: Expected;
}

/** The phase that refuses the case, and its error; null when the case loads and its answer is accepted. */
export function refusal(expected: Expected): { phase: 'load' | 'answer'; error: ErrorInfo } | null {
  if (expected.load) return { phase: 'load', error: expected.load };
  if (expected.answer) return { phase: 'answer', error: expected.answer };
  return null;
}

/** One gallery entry: its case, and the listing errors and verdicts its explanation promises (checked by the tests and the e2e suite). */
export interface Example extends CaseSpec<Case & { converter: ConverterId; client: ClientId; versions?: Versions; answerForm?: AnswerForm; protocol?: Protocol }> {
  id: string;
  title: string;
  /** One line: what goes wrong, and which policy or converter fixes it. */
  explanation: string;
}
