/**
 * The page's evaluator, created as the first of main.tsx's imports: its sandbox frame starts loading (and its worker
 * booting) while React and the UI modules are still being evaluated, not after them.
 */
import { createEvaluator } from './host.ts';

let crashBetweenRuns: (message: string) => void = () => {};

export const pageEvaluator = createEvaluator({ onCrashBetweenRuns: (message) => crashBetweenRuns(message) });

/** Where a crash between runs is reported (the store's worker note, once the store exists). */
export function onCrashBetweenRuns(report: (message: string) => void): void {
  crashBetweenRuns = report;
}
