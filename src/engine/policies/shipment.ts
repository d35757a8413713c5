/** Building a policy's Shipment: shipped, or refused. */
import type { Shipment } from '../types.ts';
import type { Analysis, Wire } from './analysis.ts';

/** A refused answer: nothing ships. */
export function refusal(refused: string): Shipment {
  return { ships: null, undeclared: [], refused, log: null };
}

/** A refusal of an answer zod rejected: nothing ships, and the keys the schema's shape does not declare are named. */
export function rejected(refused: string, a: Analysis): Shipment {
  return { ...refusal(refused), undeclared: a.undeclared, ...(a.unjudged === null ? {} : { unjudged: a.unjudged }) };
}

/** Ships a value's wire form, or refuses when it has no JSON form. */
export function shipped(wire: Wire, undeclared: string[], log: string | null): Shipment {
  if (wire.ok) return { ships: wire.json, undeclared, refused: null, log };
  return { ...refusal(`The parsed answer cannot be sent as JSON: ${wire.error}`), undeclared, log };
}
