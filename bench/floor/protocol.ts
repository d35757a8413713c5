/** What the floor page's worker (worker.ts) receives and answers, and the bench and its test read. */

/** The case in the fragment: an output schema's module as JS and the tool's answer as JSON text. */
export interface FloorCase {
  tool: string;
  js: string;
  answer: string;
}

/** An edit: the answer as typed in the page's textarea, numbered; the worker evaluates the case again with it. */
export interface FloorEdit {
  answer: string;
  edit: number;
}

/** What the page prints: the client's verdict (its error message, or that the answer passed), or why there is none. */
export interface FloorVerdict {
  kind: 'valid' | 'invalid' | 'error';
  text: string;
  /** The edit it answers (0: the case in the fragment). */
  edit: number;
}

/** The v1 client's words when the answer passes its output schema (it says nothing; the page needs a line). */
export const VALID_TEXT = 'valid: the client accepts the structured content';
