/**
 * Posting a value nested deeper than a port's structured clone goes (about 2,000 levels in V8; JSON.parse and the
 * engine go much deeper): it is then sent flattened, one node per object or array with its children by index, and
 * rebuilt on the other side iteratively, equal key for key (order, an own `__proto__` key, `-0`, `undefined`).
 * Anything else (a Date, a Map) travels as a leaf, cloned by the port. Values are trees: a shared object arrives twice.
 */

/** Marks a flattened message (a key no JSON-RPC or engine message has). */
const FLAT = '\u0000flat';

/** More nodes than any answer the engine takes (a 16 MB answer has fewer). */
const MAX_NODES = 8_000_000;

/** One node: an object's keys and children, an array's children, or a leaf value. */
type Node = { o: string[]; c: number[] } | { a: number[] } | { v: unknown };

/**
 * Nesting a port is trusted to clone both ways. Past it the clone may fail on either side: a sender's RangeError, or a
 * value serialized in a shallow stack that the receiver cannot deserialize in a deeper one (then it is dropped with a
 * `messageerror`, and the run would wait for nothing).
 */
const MAX_CLONE_DEPTH = 1000;

/** Posts `message` with `post`; one nested deeper than a structured clone safely goes is posted flattened. */
export function postDeep(post: (message: unknown) => void, message: unknown): void {
  if (deeperThan(message, MAX_CLONE_DEPTH)) {
    post({ [FLAT]: flatten(message) });
    return;
  }
  try {
    post(message);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    post({ [FLAT]: flatten(message) });
  }
}

/** Whether objects or arrays nest in `value` more than `limit` levels (iterative; stops at the first such path). */
function deeperThan(value: unknown, limit: number): boolean {
  const todo: Array<[unknown, number]> = [[value, 0]];
  while (todo.length > 0) {
    const [v, depth] = todo.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) todo.push([child, depth + 1]);
  }
  return false;
}

/** The message as posted: a flattened one rebuilt, any other as it is. */
export function readDeep(data: unknown): unknown {
  const nodes = typeof data === 'object' && data !== null && Object.hasOwn(data, FLAT) ? (data as Record<string, unknown>)[FLAT] : undefined;
  return Array.isArray(nodes) ? unflatten(nodes as Node[]) : data;
}

function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

function flatten(root: unknown): Node[] {
  const nodes: Node[] = [];
  const todo: Array<[unknown, number]> = [[root, 0]];
  nodes.push({ v: undefined });
  while (todo.length > 0) {
    const [value, at] = todo.pop() as [unknown, number];
    if (!isContainer(value)) {
      nodes[at] = { v: value };
      continue;
    }
    // A cycle would never end: past this many nodes the value is refused (a clone refuses a deep one the same way).
    if (nodes.length > MAX_NODES) throw new RangeError('The value is too large to post');
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const children = (keys ?? (value as unknown[])).map((k, i) => {
      nodes.push({ v: undefined });
      todo.push([keys ? (value as Record<string, unknown>)[k as string] : (value as unknown[])[i], nodes.length - 1]);
      return nodes.length - 1;
    });
    nodes[at] = keys ? { o: keys, c: children } : { a: children };
  }
  return nodes;
}

function unflatten(nodes: Node[]): unknown {
  const made = nodes.map((n) => ('o' in n ? {} : 'a' in n ? new Array<unknown>(n.a.length) : n.v));
  nodes.forEach((n, i) => {
    if ('o' in n) n.o.forEach((k, j) => Object.defineProperty(made[i], k, { value: made[n.c[j] as number], enumerable: true, writable: true, configurable: true }));
    else if ('a' in n) n.a.forEach((c, j) => ((made[i] as unknown[])[j] = made[c]));
  });
  return made[0];
}
