/**
 * The Report: plain JSON, the public contract read by the UI, the CLI and outside scripts. Written once, as zod
 * schemas (zod/mini: the page checks every report it gets from the sandbox with them, and mini keeps that small); the
 * TypeScript types are derived from them. Ids and names come from the catalog (contract/catalog.ts).
 */
import * as z from 'zod/mini';
import { CLIENT_IDS, CONVERTER_IDS, POLICY_IDS, ROLES } from './contract/catalog.ts';
import { ANSWER_FORM_IDS, PROTOCOL_IDS } from './contract/versions.ts';
import { notJsonAt } from './lib/not-json.ts';


/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };


/** The longest message a report may carry (characters): far above the engine's own cap (src/engine/caps.ts), far below what freezes a page. */
export const MAX_REPORT_TEXT_CHARS = 256 * 1024;
/** The longest tool text a report may carry (a real SDK run's text block echoes the whole answer as JSON). */
export const MAX_TOOL_TEXT_CHARS = 16 * 1024 * 1024;
/** The most key paths a list may hold (the engine stops at 100). */
export const MAX_PATHS = 1000;
/** The most structured errors a verdict may carry (the engine keeps MAX_MESSAGE_ERRORS, src/engine/caps.ts). */
export const MAX_VERDICT_ERRORS = 1000;
/** The most distinct wire values a report's table may hold (the engine's rows hold at most 6 × 5 + 2). */
export const MAX_REPORT_VALUES = 1000;

const message = z.string().check(z.maxLength(MAX_REPORT_TEXT_CHARS));
const nullableMessage = z.nullable(message);
const paths = z.array(message).check(z.maxLength(MAX_PATHS));
/** A row's pointer into the report's `values` (checked against the table's length by ReportSchema). */
const valueIndex = z.nullable(z.number().check(z.int(), z.nonnegative()));

/**
 * A JSON value that `is` accepts at its root. Checked by one walk instead of `z.json()`: a report can carry a
 * 100,000-key answer several times, and zod's recursive union takes about 330 ms per copy; the walk also visits an
 * object shared between rows once.
 */
function json<T extends Json>(is: (v: unknown) => boolean) {
  return z.custom<T>(is).check(
    z.superRefine((value, ctx) => {
      const bad = notJsonAt(value);
      if (bad) ctx.issues.push({ code: 'custom', message: bad.problem, path: bad.path, input: value });
    }),
  );
}

const JsonValue = json<Json>(() => true);

/** A JSON Schema document as a converter lists it. */
const JsonSchemaValue = json<{ [key: string]: Json } | boolean>((v) => typeof v === 'boolean' || (typeof v === 'object' && v !== null && !Array.isArray(v)));
export type JsonSchema = z.output<typeof JsonSchemaValue>;

/** A failure with a position in the user's text where one exists (1-based line and column). */
const ErrorInfoSchema = z.object({ message, line: z.exactOptional(z.number()), column: z.exactOptional(z.number()) });
export type ErrorInfo = z.output<typeof ErrorInfoSchema>;

/** Whether a phase succeeded. */
const StatusSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: ErrorInfoSchema })]);
export type Status = z.output<typeof StatusSchema>;

/**
 * One error as the client's validator reported it (Ajv's error object, @cfworker/json-schema's OutputUnit): `path` is a
 * JSON Pointer into the shipped value (`/result/0` under a `{ result }` wrap), `message` the validator's own text.
 */
const VerdictErrorSchema = z.object({ path: message, keyword: message, params: z.record(z.string(), JsonValue), message });
export type VerdictError = z.output<typeof VerdictErrorSchema>;

/**
 * What one client concluded: `valid: null` means it does not validate (no schema listed, or a result it skips).
 * `errors`, when present, are the validator's structured errors behind `message` (absent when the failure is not a
 * validation, e.g. a schema that does not compile or a result the client's own parse refuses).
 */
const VerdictSchema = z.object({
  valid: z.nullable(z.boolean()),
  message: nullableMessage,
  errors: z.exactOptional(z.array(VerdictErrorSchema).check(z.maxLength(MAX_VERDICT_ERRORS))),
  /** In a first report, a client not run yet: no verdict (valid and message null) until the full report. */
  pending: z.exactOptional(z.literal(true)),
});
export type Verdict = z.output<typeof VerdictSchema>;

/** One shipping policy under one converter: what goes on the wire and what each client says of it. */
const PolicyRowSchema = z.object({
  /**
   * Where in the report's `values` what the server ships as structuredContent is (the arguments, for the input role);
   * null when nothing ships or JSON null ships (`refused` tells them apart).
   */
  shipsAt: valueIndex,
  /** Undeclared key paths, e.g. `costCenter`, `lines[].margin` (from the schema's shape when zod rejects the answer). */
  undeclared: paths,
  /** Why some of the answer's keys could not be judged declared or not; absent when every key was. */
  unjudged: z.exactOptional(message),
  /** Why the server refused the answer (isError result), or null. */
  refused: nullableMessage,
  /** What the server logs (the `warn` policy's line), or null. */
  log: nullableMessage,
  /** The schema the clients validate against when the policy changes the listing (`keep` opens it); else absent. */
  listed: z.exactOptional(z.nullable(JsonSchemaValue)),
  verdicts: z.record(z.enum(CLIENT_IDS), VerdictSchema),
});
export type PolicyRow = z.output<typeof PolicyRowSchema>;

/** What one converter lists, and each policy's outcome under that listing. */
const ConverterRowSchema = z.object({
  listed: z.nullable(JsonSchemaValue),
  /** The error that takes tools/list down (or rejects the tool), verbatim. */
  listError: nullableMessage,
  /** Where in the schema that error comes from, as a key path (`weightKg`, `items[].createdAt`, `''` the root), when zod names it. */
  listErrorAt: z.exactOptional(message),
  /** A startup warning, verbatim (e.g. frontmcp leaving the schema out). */
  warning: nullableMessage,
  /** Policies that apply: all five for the output role, `raw` alone for the input role. */
  policies: z.partialRecord(z.enum(POLICY_IDS), PolicyRowSchema),
});
export type ConverterRow = z.output<typeof ConverterRowSchema>;

/** What a published SDK (server + client over InMemoryTransport) actually did with the case. */
const RealSdkRowSchema = z.object({
  listed: z.nullable(JsonSchemaValue),
  listError: nullableMessage,
  /** Where in the report's `values` the structuredContent the client received is; null when none (or JSON null). */
  structuredContentAt: valueIndex,
  isError: z.boolean(),
  text: z.nullable(z.string().check(z.maxLength(MAX_TOOL_TEXT_CHARS))),
  callError: nullableMessage,
  /** The protocol version this run negotiated: present when the case picked 2026-07-28 (SDK 1.x still says 2025-11-25). */
  protocol: z.exactOptional(message),
});
export type RealSdkRow = z.output<typeof RealSdkRowSchema>;

/** For the input role: what the server's zod parse makes of the arguments. */
const InputParseSchema = z.object({ ok: z.boolean(), parsed: z.nullable(JsonValue), dropped: paths, unjudged: z.exactOptional(message), error: nullableMessage });
export type InputParse = z.output<typeof InputParseSchema>;

/** One generated answer (JSON text) with zod's parse and the client's real verdict on it. */
const GeneratedAnswerSchema = z.object({
  kind: z.enum(['sample', 'zod-accepts-client-rejects', 'client-accepts-zod-rejects']),
  answer: message,
  zodAccepts: z.boolean(),
  verdict: VerdictSchema,
});

/** What a case's `generate` request produced: a sample answer, or the smallest counterexamples found, with the tries. */
const GeneratedSchema = z.object({
  want: z.enum(['sample', 'counterexamples']),
  converter: z.enum(CONVERTER_IDS),
  client: z.enum(CLIENT_IDS),
  budgetMs: z.number(),
  tries: z.number(),
  ms: z.number(),
  found: z.array(GeneratedAnswerSchema).check(z.maxLength(10)),
  /** Why nothing was found (with the number of tries), or null. */
  note: nullableMessage,
});
export type Generated = z.output<typeof GeneratedSchema>;

/** The most registered tools a report lists. */
export const MAX_REGISTERED_TOOLS = 100;

/**
 * When the schema source registers tools: each tool's name and description, the one the case took, and
 * the answer its handler gave (structuredContent, called with sample arguments; output role), or why there is none.
 */
const RegistrationSchema = z.object({
  tools: z.array(z.object({ name: message, description: nullableMessage })).check(z.maxLength(MAX_REGISTERED_TOOLS)),
  picked: message,
  handlerAnswer: z.exactOptional(JsonValue),
  handlerNote: nullableMessage,
});
export type Registration = z.output<typeof RegistrationSchema>;

/** The parts a first report leaves for the full one: other converters, other clients, the real-SDK runs, the input parse. */
export const PENDING_PARTS = ['converters', 'clients', 'realSdk', 'input'] as const;

/** The whole evaluation of one case. */
export const ReportSchema = z.object({
  /** 2: rows point into `values` (v1 rows held their values; values.ts expandReport gives that form). */
  v: z.literal(2),
  role: z.enum(ROLES),
  tool: message,
  load: StatusSchema,
  answer: StatusSchema,
  converters: z.partialRecord(z.enum(CONVERTER_IDS), ConverterRowSchema),
  realSdk: z.object({ v1: z.nullable(RealSdkRowSchema), v2: z.nullable(RealSdkRowSchema) }),
  /**
   * Each distinct value that goes on the wire, once: what the policies ship under each converter's server, what the
   * real SDK runs received. Rows point at it (`shipsAt`, `structuredContentAt`). One walk checks them all.
   */
  values: json<Json[]>((v) => Array.isArray(v) && v.length <= MAX_REPORT_VALUES),
  input: z.exactOptional(InputParseSchema),
  /** Present when the schema source registers tools (load/register.ts). */
  registration: z.exactOptional(RegistrationSchema),
  /** Present when the case asked for generation (its `generate` field). */
  generated: z.exactOptional(GeneratedSchema),
  versions: z.record(z.string(), message),
  /** The answer form the case picked (absent: the structuredContent, as before answer forms existed). */
  answerForm: z.exactOptional(z.enum(ANSWER_FORM_IDS)),
  /**
   * The key paths where an ISO date-time string sits at a z.date() (output role): it stands for the Date the handler
   * returns, which zod parses and which ships as JSON.stringify writes it. Absent when there are none.
   */
  answerDates: z.exactOptional(paths),
  /** The protocol era that ran (the v2 SDK's negotiation, and the wrap rule of every other converter, engine/era.ts). */
  protocol: z.exactOptional(z.enum(PROTOCOL_IDS)),
  /** A first report (engine/phases/first.ts): the parts still being computed; the full report follows without it. */
  pending: z.exactOptional(z.array(z.enum(PENDING_PARTS))),
}).check(z.superRefine((report, ctx) => {
  const bad = danglingIndex(report);
  if (bad) ctx.issues.push({ code: 'custom', message: `points past the ${report.values.length} values`, path: bad, input: report });
}));
export type Report = z.output<typeof ReportSchema>;

/** The path of the first row index that points outside `values`, or null. */
function danglingIndex(report: { values: unknown[]; converters: Record<string, { policies: Record<string, { shipsAt: number | null }> } | undefined>; realSdk: Record<string, { structuredContentAt: number | null } | null> }): PropertyKey[] | null {
  const outside = (at: number | null) => at !== null && at >= report.values.length;
  for (const [id, row] of Object.entries(report.converters)) {
    for (const [policy, p] of Object.entries(row?.policies ?? {})) if (outside(p.shipsAt)) return ['converters', id, 'policies', policy, 'shipsAt'];
  }
  for (const [id, run] of Object.entries(report.realSdk)) if (run && outside(run.structuredContentAt)) return ['realSdk', id, 'structuredContentAt'];
  return null;
}
