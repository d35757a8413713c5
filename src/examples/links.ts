/** The gallery's examples as cases the app opens: by id (for `#example/<id>` links and the menu). */
import { EXAMPLES, type Example } from './index.ts';
import { normalizeCase, type PlaygroundCase } from '../engine/case.ts';

/** The prefix of an example link: `#example/<id>`. */
export const EXAMPLE_LINK_PREFIX = '#example/';

/** The example with this id, if there is one. */
export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}

/** The case an example opens (the engine's defaults filled in, as a link would carry them). */
export function exampleCase(example: Example): PlaygroundCase {
  const { role = 'output', tool = 'my_tool', schema, answer, converter, client, versions, answerForm, protocol } = example.case;
  return normalizeCase({ role, tool, schema, answer, converter, client, ...(versions ? { versions } : {}), ...(answerForm ? { answerForm } : {}), ...(protocol ? { protocol } : {}) });
}

/** The link that opens an example. */
export function exampleLink(id: string): string {
  return `${EXAMPLE_LINK_PREFIX}${encodeURIComponent(id)}`;
}
