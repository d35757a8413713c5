/** The one zod-issue formatter. */

/** A zod issue as its error prints it: where, and what. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The issues as @modelcontextprotocol/server 2.x words them (its internal formatIssue): `path: message`, joined with `, `. */
export function formatIssues(issues: readonly IssueLike[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join(', ');
}
