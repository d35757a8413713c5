/**
 * The floor page's script: hands the fragment (a case, bench/floor.ts `floorLink`) to one worker and prints the
 * verdict it sends back. Nothing else: no framework, no editor, no sandbox frame.
 */
import type { FloorVerdict } from './protocol.ts';

const out = document.getElementById('verdict') as HTMLOutputElement;
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
worker.onmessage = (e: MessageEvent<FloorVerdict>) => {
  out.textContent = e.data.text;
  out.dataset['floorVerdict'] = e.data.kind;
};
worker.postMessage(location.hash.slice(1));
