/**
 * What a value costs to post to the page: its structured-clone size. node:v8 runs the same serializer as postMessage,
 * which writes a value reachable twice once, so a Report that carries one answer in many rows stays about one answer big.
 */
import { serialize } from 'node:v8';

/** The structured-clone size of `value`, in bytes. */
export function postedBytes(value: unknown): number {
  return serialize(value).byteLength;
}

/** A JSON answer of about `kb` kilobytes: an object with an `items` array of short strings. */
export function bigAnswer(kb: number): { items: string[] } {
  return { items: Array.from({ length: kb * 64 }, (_, i) => `item-${i}`.padEnd(12, '.')) };
}
