/** The gallery's examples as cases the app opens: by id (for `#example/<id>` links and the menu). */
import { EXAMPLES, type Example } from './index.ts';
import { normalizeCase } from '../engine/case.ts';

/** The prefix of an example link: `#example/<id>`. */
export const EXAMPLE_LINK_PREFIX = '#example/';

/** The example with this id, if there is one. */
export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}

/** The case an example opens, in the normal form a link carries. */
export function exampleCase(example: Example): ReturnType<typeof normalizeCase> {
  return normalizeCase(example.case);
}

/** The link that opens an example. */
export function exampleLink(id: string): string {
  return `${EXAMPLE_LINK_PREFIX}${encodeURIComponent(id)}`;
}
