/** Reads a client's verdict message back into (JSON pointer, complaint) pairs, so the answer editor can underline them. */

/** One thing a validator said about one place in the value. */
export interface Complaint {
  /** JSON pointer segments into the shipped value, e.g. ['lines', '0']. */
  pointer: string[];
  text: string;
  /** A property the validator named (cfworker names the extra key; Ajv's errorsText does not). */
  property?: string;
}

// Ajv errorsText: `data<instancePath> <message>` joined with ", ".
const AJV = /(?:^|, |: )data((?:\/[^\s/]*)*) (.+?)(?=, data[/ ]|$)/gs;
// @cfworker/json-schema: `#<pointer>: <message>` joined with "; ".
const CFWORKER = /(?:^|; |: )#((?:\/[^\s/:]*)*): (.+?)(?=; #|$)/gs;
const NAMED_PROPERTY = /^Property "((?:[^"\\]|\\.)*)" does not match additional properties schema/;

/** Splits a verdict message into complaints; text it cannot read yields none. */
export function parseComplaints(message: string): Complaint[] {
  const out: Complaint[] = [];
  for (const [pattern, percentEncoded] of [[AJV, false], [CFWORKER, true]] as const) {
    for (const m of message.matchAll(pattern)) {
      const text = m[2] ?? '';
      const named = NAMED_PROPERTY.exec(text)?.[1];
      out.push({ pointer: splitPointer(m[1] ?? '', percentEncoded), text, ...(named !== undefined ? { property: named } : {}) });
    }
    // cfworker reports a chain of summaries; Ajv (allErrors) reports independent errors.
    if (out.length > 0) return percentEncoded ? leafComplaints(out) : out;
  }
  return out;
}

function splitPointer(pointer: string, percentEncoded: boolean): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (percentEncoded ? safeDecodeUri(s) : s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** cfworker writes pointers as URI fragments; Ajv does not, so only cfworker's are decoded. */
function safeDecodeUri(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The complaints worth underlining: cfworker reports a chain from the root down (`#: Property "lines" does not match
 * schema.; #/lines: …; #/lines/0: …`), so a complaint at an ancestor of another one, or at the very property another
 * one already names, is a summary of it and is dropped.
 */
function leafComplaints(list: readonly Complaint[]): Complaint[] {
  const key = (p: readonly string[]) => p.map((s) => `/${s}`).join('');
  const named = new Set(list.flatMap((c) => (c.property !== undefined ? [key([...c.pointer, c.property])] : [])));
  return list.filter((c) => {
    const at = key(c.pointer);
    if (c.property === undefined && named.has(at)) return false;
    return c.property !== undefined || !list.some((o) => o !== c && key(o.pointer).startsWith(`${at}/`));
  });
}
