/** The shapes of a proposed fix: what it changes in the case, where, and what it targets. */
import type { ClientId, ConverterId, PolicyId } from '../contract/catalog.ts';

/** One replacement in the schema source: characters [start, end) become `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** The verdict a fix must turn PASS: the selected client, under the selected converter, for one policy row. */
export interface FixTarget {
  converter: ConverterId;
  policy: PolicyId;
  client: ClientId;
}

/** Which kind of change a fix makes (fixes/kinds.ts names each). */
export type FixKind = 'loosen-object' | 'drop-strict' | 'default-to-optional' | 'date-to-iso' | 'standard-json-schema' | 'wrap-root' | 'policy' | 'handler-strip';

/**
 * A proposed fix. `schema` (and `answer`, when the fix reshapes it too) is the whole new case text, the edits applied;
 * it is null when the spot could not be found exactly, and `copy` is then the change in words to copy. Server-side
 * fixes change no schema: `copy` is the code or the choice, and `verifiedBy` the policy row of the same report whose
 * real validator run already shows it passes.
 */
export interface FixCandidate {
  kind: FixKind;
  title: string;
  schema: string | null;
  answer: string | null;
  edits: SourceEdit[];
  copy: string | null;
  verifiedBy: PolicyId | null;
  /** A combination of fixes (combine.ts): the titles of the edits it applies together. */
  parts?: string[];
}
