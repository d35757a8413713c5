/**
 * The handler's answer: a registered tool's handler, called in the sandbox (it is the paste's own code, run
 * where the schema code runs) with sample arguments built from its inputSchema. Its `structuredContent`, or its result
 * when that is a plain object and not a CallToolResult, is offered as the sample answer; nothing is ever written into
 * the case without the user's click.
 */
import { z } from 'zod';
import { sampleOf } from '../generate/sample.ts';
import { toJson } from '../lib/json.ts';
import { messageOf } from '../lib/message.ts';
import type { Json, JsonSchema } from '../report.ts';
import { MissingImport, type RegisteredTool } from './register.ts';

/** How long a handler may take to settle (ms): a handler waiting on a database or the network never will here. */
export const HANDLER_MS = 1000;

/** The handler's answer, or why there is none. */
export type HandlerAnswer = { answer: Json; note: null } | { answer?: undefined; note: string };

const answers = new WeakMap<RegisteredTool, Promise<HandlerAnswer>>();

/** Calls the tool's handler once per loaded tool (a load of the same source gives the same tool object). Never rejects. */
export function handlerAnswer(tool: RegisteredTool): Promise<HandlerAnswer> {
  let answer = answers.get(tool);
  if (!answer) {
    answer = callHandler(tool);
    answers.set(tool, answer);
  }
  return answer;
}

async function callHandler(tool: RegisteredTool): Promise<HandlerAnswer> {
  const call = tool.call;
  if (!call) return { note: `Tool "${tool.name}" registers no handler.` };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), HANDLER_MS)));
  try {
    const result = await Promise.race([Promise.resolve().then(() => call(sampleArgs(tool.input))), late]);
    if (result === 'late') return { note: `The handler did not answer within ${HANDLER_MS / 1000} s of being called with sample arguments.` };
    return answerIn(result);
  } catch (e) {
    if (e instanceof MissingImport) return { note: `The handler uses ${e.binding === 'default' ? 'the default export' : e.binding} from "${e.module}", which cannot be imported here, so its answer is not known: write the answer yourself.` };
    return { note: `The handler threw when called with sample arguments: ${messageOf(e)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The structuredContent of a CallToolResult, or a plain object that is not one (the result is the answer). */
function answerIn(result: unknown): HandlerAnswer {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return { note: `The handler's result is not an object with structuredContent.` };
  const isResult = 'content' in result || 'structuredContent' in result || 'isError' in result;
  if (isResult && (result as { structuredContent?: unknown }).structuredContent === undefined) return { note: `The handler's result has no structuredContent.` };
  const value = isResult ? (result as { structuredContent: unknown }).structuredContent : result;
  try {
    const json = toJson(value);
    return json === undefined ? { note: `The handler's structuredContent is not JSON.` } : { answer: json, note: null };
  } catch (e) {
    return { note: `The handler's structuredContent is not JSON: ${messageOf(e)}` };
  }
}

/** Arguments a person would pass: the sample of the tool's input schema (a raw shape as z.object), or `{}`. */
function sampleArgs(input: unknown): Json {
  if (input === undefined) return {};
  try {
    const schema = input instanceof z.ZodType ? input : z.object(input as z.ZodRawShape);
    return sampleOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  } catch {
    return {};
  }
}
