/**
 * The one check of a case from outside (a link's JSON, a draft, an embed message): the case schema's first issue, said
 * as a sentence naming the field (`"role" must be one of output, input`), and the case in its normal form.
 */
import type * as z from 'zod/mini';
import { PlaygroundCaseSchema, shown, type PlaygroundCase } from './fields.ts';
import { VERSION_KEYS } from './names.ts';
import { normalizeCase } from './key.ts';

/** The case, or the sentence saying which field is wrong ("\"versions.zod\" \"5.0.0\" is not a version …"). */
export type CaseCheck = { ok: true; state: PlaygroundCase } | { ok: false; error: string };

/** Checks a case's JSON against the case schema. Never throws. */
export function checkCase(json: unknown): CaseCheck {
  const parsed = PlaygroundCaseSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) return { ok: false, error: sentence(firstIssue(parsed.error.issues)) };
  return { ok: true, state: normalizeCase(parsed.data as unknown as PlaygroundCase) };
}

/** The issue a reader fixes first: fields in their order, and in `versions` an unknown key before a wrong id. */
function firstIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const first = issues[0] as z.core.$ZodIssue;
  if (first.path[0] !== 'versions') return first;
  return issues.find((i) => i.path[0] === 'versions' && i.code === 'unrecognized_keys') ?? first;
}

function sentence(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.');
  if (name === '') return 'it is not an object';
  if (name === 'v') return '"v" must be 1';
  if (issue.code === 'unrecognized_keys') return `"${name}" has no "${issue.keys[0] ?? ''}" (it names ${VERSION_KEYS.join(', ')})`;
  if (name === 'versions') return `"versions" must be an object { ${VERSION_KEYS.map((k) => `${k}?`).join(', ')} }`;
  if (issue.code === 'invalid_value') {
    const ids = issue.values.join(', ');
    return issue.path[0] === 'versions' ? `"${name}" ${shown(issue.input)} is not a version this playground has (it has ${ids})` : `"${name}" must be one of ${ids}`;
  }
  return issue.code === 'invalid_type' ? `"${name}" must be a ${issue.expected}` : `"${name}" is not valid here`;
}
