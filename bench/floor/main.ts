/**
 * The floor page's script: hands the fragment (a case, bench/floor.ts `floorLink`) to one worker and prints the
 * verdict it sends back. Nothing else: no framework, no editor, no sandbox frame. Its one textarea is the floor's
 * edit: each input sends the answer as typed, and the worker evaluates the case again (the bench's edit row).
 */
import type { FloorEdit, FloorVerdict } from './protocol.ts';

const out = document.getElementById('verdict') as HTMLOutputElement;
const answer = document.getElementById('answer') as HTMLTextAreaElement;
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
worker.onmessage = (e: MessageEvent<FloorVerdict>) => {
  out.textContent = e.data.text;
  out.dataset['floorVerdict'] = e.data.kind;
  out.dataset['edit'] = String(e.data.edit);
};
worker.postMessage(location.hash.slice(1));
let edit = 0;
answer.addEventListener('input', () => {
  answer.dataset['edit'] = String(++edit);
  worker.postMessage({ answer: answer.value, edit } satisfies FloorEdit);
});
