/** The Report: plain JSON, the public contract read by the UI, the CLI and outside scripts. */
import type { ClientId, ConverterId, PolicyId, Role } from './contract/catalog.ts';

export { CLIENT_IDS, CONVERTER_IDS, POLICY_IDS, type ClientId, type ConverterId, type PolicyId } from './contract/catalog.ts';

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON Schema document as a converter lists it. */
export type JsonSchema = { [key: string]: Json } | boolean;

/** A failure with a position in the user's text where one exists (1-based line and column). */
export interface ErrorInfo {
  message: string;
  line?: number;
  column?: number;
}

/** Whether a phase succeeded. */
export type Status = { ok: true } | { ok: false; error: ErrorInfo };

/** What one client concluded: `valid: null` means it does not validate (no schema listed, or a result it skips). */
export interface Verdict {
  valid: boolean | null;
  message: string | null;
}


/** One shipping policy under one converter: what goes on the wire and what each client says of it. */
export interface PolicyRow {
  /** What the server ships as structuredContent (the arguments, for the input role); null when nothing ships. */
  ships: Json | null;
  /** Undeclared key paths, e.g. `costCenter`, `lines[].margin`. */
  undeclared: string[];
  /** Why the server refused the answer (isError result), or null. */
  refused: string | null;
  /** What the server logs (the `warn` policy's line), or null. */
  log: string | null;
  /** The schema the clients validate against when the policy changes the listing (`keep` opens it); else absent. */
  listed?: JsonSchema | null;
  verdicts: Record<ClientId, Verdict>;
}

/** What one converter lists, and each policy's outcome under that listing. */
export interface ConverterRow {
  listed: JsonSchema | null;
  /** The error that takes tools/list down (or rejects the tool), verbatim. */
  listError: string | null;
  /** A startup warning, verbatim (e.g. frontmcp leaving the schema out). */
  warning: string | null;
  /** Policies that apply: all five for the output role, `raw` alone for the input role. */
  policies: Partial<Record<PolicyId, PolicyRow>>;
}

/** What a published SDK (server + client over InMemoryTransport) actually did with the case. */
export interface RealSdkRow {
  listed: JsonSchema | null;
  listError: string | null;
  structuredContent: Json | null;
  isError: boolean;
  text: string | null;
  callError: string | null;
}

/** For the input role: what the server's zod parse makes of the arguments. */
export interface InputParse {
  ok: boolean;
  parsed: Json | null;
  dropped: string[];
  error: string | null;
}

/** The whole evaluation of one case. */
export interface Report {
  v: 1;
  role: Role;
  tool: string;
  load: Status;
  answer: Status;
  converters: Partial<Record<ConverterId, ConverterRow>>;
  realSdk: { v1: RealSdkRow | null; v2: RealSdkRow | null };
  input?: InputParse;
  versions: Record<string, string>;
}
