/**
 * The case, in one module: its fields as one zod/mini schema (the page loads zod/mini already, for the Report
 * contract), the types and every check derived from it (case/fields.ts, case/check.ts), one normalize, and the one key
 * each comparison of cases is made on: equality, the realm a worker runs it in, the digest a reply is accepted for
 * (case/key.ts; case/wire.ts, zod-free, for the sandbox frame). Adding a field is one line in `CASE_FIELDS` (and, when the engine reads it, one in `ENGINE_FIELDS`)
 * plus what reads it: docs/architecture.md, "Adding a case field".
 */
export { CASE_FIELDS, CaseSchema, DEFAULT_TOOL, PlaygroundCaseSchema, ROLES } from './case/fields.ts';
export { ENGINE_FIELDS, VERSION_KEYS } from './case/names.ts';
export type { Case, CaseInput, EngineCase, PlaygroundCase, Role } from './case/fields.ts';
export { CASE_DEFAULTS, answerFormOf, caseKey, caseVersions, engineCaseOf, filledCase, normalizeCase, protocolOf, sameCase, sameVersions } from './case/key.ts';
export { digestParts, realmKeyOf } from './case/wire.ts';
export type { CasePart } from './case/key.ts';
export { checkCase, type CaseCheck } from './case/check.ts';
