/**
 * Results tied to the case they were computed for (a sample or counterexample, the fixes): they show, and their
 * buttons act, only while the case on screen is still that case; after an example, role, version or import changed
 * it they are gone, and a click that raced the change does nothing.
 */
import { type Case, normalizeCase, sameCase } from '../engine/case.ts';
import { type PlaygroundState } from '../state/store.ts';
import { usePlayground } from './storeContext.ts';

/** Which edits leave a result standing: none, or the answer's (a generated answer is about the schema, not the answer text). */
export type Binding = 'whole-case' | 'apart-from-answer';

/** The case as a result is bound to it. */
export function boundCase(s: Case, binding: Binding): Case {
  return binding === 'whole-case' ? normalizeCase(s as PlaygroundState) : { ...normalizeCase(s as PlaygroundState), answer: '' };
}

/** Whether `state` still shows the case `asked` was taken from (`asked` from boundCase). */
export function stillFor(state: PlaygroundState, asked: Case, binding: Binding): boolean {
  return sameCase(boundCase(state, binding), asked);
}

/** Subscribes to whether the case on screen is still the one `asked` was taken from (false when there is none). */
export function useStillFor(asked: Case | null, binding: Binding): boolean {
  return usePlayground((s) => asked !== null && stillFor(s, asked, binding));
}
