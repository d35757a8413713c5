/** fast-check behind one chunk (chunks.ts `fastCheck`): only a counterexample search needs it. */
export { default as fc } from 'fast-check';
