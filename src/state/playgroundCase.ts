/** The case the playground edits, links and saves (its own file: permalinks, drafts and the examples all name it). */
import type { Role } from '../engine/case.ts';
import type { ClientId, ConverterId } from '../engine/contract/catalog.ts';
import type { AnswerForm, Protocol, Versions } from '../engine/contract/versions.ts';

/** What a link carries: the engine's case (absolute values, never diffs against defaults) plus the UI's choices. */
export interface PlaygroundCase {
  role: Role;
  tool: string;
  schema: string;
  answer: string;
  converter: ConverterId;
  client: ClientId;
  /** The versions the case runs; absent when they are the defaults (every case made before versions existed). */
  versions?: Versions;
  /** What the answer text is; absent when it is the default, the tool's structuredContent. */
  answerForm?: AnswerForm;
  /** The protocol era the v2 client negotiates; absent when it is the default, 2025-11-25 (issue 21). */
  protocol?: Protocol;
  /** The registered tool the case takes when its schema source registers several (issue 23); absent: the first. */
  registered?: string | undefined;
}
