/** fast-check and randexp behind one chunk (chunks.ts `fastCheck`): only a generation request needs them. */
export { default as fc } from 'fast-check';
export { default as RandExp } from 'randexp';
