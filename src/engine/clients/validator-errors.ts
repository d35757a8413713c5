/**
 * The structured errors behind a provider's message. Each reader answers only with errors that reproduce the message
 * byte for byte (the provider's own formatting of them), so a verdict never carries errors its message does not say.
 * A verdict keeps the first MAX_MESSAGE_ERRORS of them, as many as a capped message keeps (caps.ts).
 */
import type { SchemaDraft, Validator } from '@cfworker/json-schema';
import { sdkV2 } from '../real-sdk/v2-chunk.ts';
import { MAX_MESSAGE_CHARS, MAX_MESSAGE_ERRORS } from '../caps.ts';
import { type Json, type JsonSchema, type VerdictError } from '../report.ts';
import { notJsonAt } from '../lib/not-json.ts';

/** Reads the structured errors of the validation that just produced `message` on `input` (undefined: none to give). */
export type ErrorReader = (input: unknown, message: string) => VerdictError[] | undefined;

/** What a provider's Ajv engine offers (Ajv 8's public API). */
export interface AjvEngine {
  compile(schema: object): AjvFunction;
  getSchema(id: string): AjvFunction | undefined;
  errorsText(errors: readonly AjvError[] | null | undefined): string;
}
interface AjvFunction {
  errors?: AjvError[] | null;
}
interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * Ajv's errors from the provider's own compiled function: Ajv caches compiled schemas by object (and `$id`), so
 * looking the schema up the way the provider does returns its function, whose `.errors` hold the run just made.
 */
export function ajvErrors(engine: AjvEngine, schema: JsonSchema): ErrorReader {
  if (typeof schema !== 'object') return () => undefined;
  const id = schema['$id'];
  const validate = typeof id === 'string' ? (engine.getSchema(id) ?? engine.compile(schema)) : engine.compile(schema);
  return (_input, message) => {
    const errors = validate.errors;
    if (!errors || errors.length === 0 || engine.errorsText(errors) !== message) return undefined;
    return errors.slice(0, MAX_MESSAGE_ERRORS).map((e) => verdictError(e.instancePath, e.keyword, e.params, e.message ?? ''));
  };
}

/**
 * Past this much message the second run is skipped: it would cost as much as the first (seconds for an answer with
 * 100,000 extra keys) for errors the report cuts to MAX_MESSAGE_ERRORS anyway; such a verdict keeps its message alone.
 */
const SECOND_RUN_MESSAGE_CHARS = 64 * 1024;

/**
 * @cfworker/json-schema's OutputUnits. The v2 provider builds its Validator inside a closure and bundles its own copy
 * (4.1.1), so the pinned package runs once more with the provider's draft and short-circuit, on failures only; its
 * units count only when they spell the provider's message: `#<pointer>: <error>` joined with `; ` (the bundled copy
 * leaves `#` in a key as is, 4.1.6 writes `%23`; every other character is encoded alike).
 */
export function cfworkerErrors(schema: JsonSchema, draft: SchemaDraft, shortCircuit: boolean): ErrorReader {
  let validator: Validator | undefined;
  return (input, message) => {
    if (message.length > SECOND_RUN_MESSAGE_CHARS) return undefined;
    validator ??= new (sdkV2.get().CfWorkerValidator)(schema as never, draft, shortCircuit);
    const units = validator.validate(input).errors;
    if (units.length === 0 || units.map((e) => `${e.instanceLocation.replace(/%23/g, '#')}: ${e.error}`).join('; ') !== message) return undefined;
    return units.slice(0, MAX_MESSAGE_ERRORS).map((e) => verdictError(fragmentPointer(e.instanceLocation), e.keyword, cfworkerParams(e.keyword, e.error), e.error));
  };
}

/**
 * The params cfworker's units leave out but their text holds: a `required` unit names its key
 * (`Instance does not have required property "giftWrap".`, the key as is), given as Ajv's `missingProperty`.
 */
function cfworkerParams(keyword: string, error: string): Record<string, unknown> {
  const missing = keyword === 'required' ? /^Instance does not have required property "(.*)"\.$/s.exec(error)?.[1] : undefined;
  return missing === undefined ? {} : { missingProperty: missing };
}

/** Makes a reader, which reaches into a provider's internals: if those ever change, verdicts keep their messages alone. */
export function readerOf(make: () => ErrorReader): ErrorReader {
  try {
    return make();
  } catch {
    return () => undefined;
  }
}

/** Runs a reader, which reaches into a provider's internals: if those ever change, the verdict keeps its message alone. */
export function readErrors(read: () => VerdictError[] | undefined): { errors?: VerdictError[] } {
  try {
    const errors = read();
    return errors ? { errors } : {};
  } catch {
    return {};
  }
}

function verdictError(path: string, keyword: string, params: Record<string, unknown>, message: string): VerdictError {
  return { path, keyword, params: boundedParams(params), message };
}

/**
 * Ajv's params, less what a report cannot carry: anything not JSON, and values over MAX_MESSAGE_CHARS of JSON (an
 * `enum`'s allowedValues or a `const`'s allowedValue can be a whole schema's worth, in each of 50 errors).
 */
function boundedParams(params: Record<string, unknown>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(params)) {
    if (notJsonAt(value) === null && JSON.stringify(value).length <= MAX_MESSAGE_CHARS) out[key] = value as Json;
  }
  return out;
}

/** cfworker writes `#` and each escaped pointer segment URI-encoded (`/` stays as is): decoding per segment is exact. */
function fragmentPointer(location: string): string {
  const encoded = location.startsWith('#') ? location.slice(1) : location;
  return encoded
    .split('/')
    .map((seg) => {
      try {
        return decodeURIComponent(seg);
      } catch {
        return seg;
      }
    })
    .join('/');
}
