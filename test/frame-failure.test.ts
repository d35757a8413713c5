/**
 * What the app says when the sandbox frame loaded without saying hello (src/sandbox/frameFailure.ts): the reason the
 * server's answer for sandbox.html shows, and nothing it does not show. The browser side (a real server refusing the
 * frame) is e2e/deploy.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import { FRAME_NOT_LOADED, frameFailureOf, type FrameAnswer } from '../src/sandbox/frameFailure.ts';
import { describeRun } from '../src/ui/StatusLine.tsx';

const FRAME_PAGE = '<!doctype html><html><head><title>Evaluation sandbox</title></head><body><script>…</script></body></html>';
const FORBIDS = 'the server forbids framing it';
/** No reason shown: nothing is reported (the evaluator's deadline covers a frame that never answers). */
const UNKNOWN = null;

function answer(status: number, headers: Record<string, string>, framed = false, body = FRAME_PAGE): FrameAnswer {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { status, headers: { get: (name) => lower[name.toLowerCase()] ?? null }, body, framed };
}

/** [what, the answer, the reason's words]. */
const ROWS: Array<[string, FrameAnswer, string | null]> = [
  ['X-Frame-Options: DENY', answer(200, { 'X-Frame-Options': 'DENY' }), FORBIDS],
  ['X-Frame-Options: deny (any case)', answer(200, { 'X-Frame-Options': ' deny ' }), FORBIDS],
  ['X-Frame-Options: SAMEORIGIN in the app (same origin: allowed)', answer(200, { 'X-Frame-Options': 'SAMEORIGIN' }), UNKNOWN],
  ['X-Frame-Options: SAMEORIGIN in an embed (another origin above)', answer(200, { 'X-Frame-Options': 'SAMEORIGIN' }, true), FORBIDS],
  ["frame-ancestors 'none'", answer(200, { 'Content-Security-Policy': "frame-ancestors 'none'" }), FORBIDS],
  ["frame-ancestors 'self' in the app", answer(200, { 'Content-Security-Policy': "default-src 'self'; frame-ancestors 'self'" }), UNKNOWN],
  ["frame-ancestors 'self' in an embed", answer(200, { 'Content-Security-Policy': "frame-ancestors 'self'" }, true), FORBIDS],
  ['frame-ancestors * (the documented header) in an embed', answer(200, { 'Content-Security-Policy': 'frame-ancestors *' }, true), UNKNOWN],
  ['frame-ancestors * overrides X-Frame-Options: DENY', answer(200, { 'Content-Security-Policy': 'frame-ancestors *', 'X-Frame-Options': 'DENY' }), UNKNOWN],
  ["two policies, one of them 'none'", answer(200, { 'Content-Security-Policy': "frame-ancestors *, frame-ancestors 'none'" }), FORBIDS],
  ['a 404', answer(404, {}, false, 'Not found'), 'the server answers 404 Not Found for it'],
  ['a 403', answer(403, {}, false, 'Forbidden'), 'the server answers HTTP 403 for it'],
  ['index.html in its place (an SPA fallback)', answer(200, {}, false, '<!doctype html><title>MCP Schema Playground</title>'), 'the server answers with another page for it'],
  ['no headers, the right page', answer(200, {}), UNKNOWN],
];

describe('the reason a frame that never said hello is given', () => {
  for (const [what, a, words] of ROWS) {
    test(what, () => {
      const message = frameFailureOf(a);
      if (words === null) return void expect(message).toBeNull();
      expect(message?.startsWith(`${FRAME_NOT_LOADED}: `)).toBe(true);
      expect(message).toContain(words);
      expect(message?.endsWith('See docs/deploy.md')).toBe(true);
    });
  }
});

test('the status line shows it as it is, not as a crash of the worker', () => {
  const { tone, text } = describeRun({ kind: 'crash', message: frameFailureOf(answer(200, { 'X-Frame-Options': 'DENY' }))! }, { answerChars: 0, role: 'output' });
  expect(tone).toBe('error');
  expect(text).toBe('The sandbox frame (sandbox.html) could not load: the server forbids framing it (X-Frame-Options / frame-ancestors). See docs/deploy.md.');
  expect(describeRun({ kind: 'crash', message: 'boom' }, { answerChars: 0, role: 'output' }).text).toBe('The evaluation worker crashed: boom');
});
