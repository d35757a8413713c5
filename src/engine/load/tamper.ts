/**
 * Tampering, said in plain words. In the sandbox the schema's realm is hardened before schema code runs
 * (src/sandbox/harden.ts): the shared built-ins are frozen and the worker's globals pinned, so code that tries to
 * replace one gets V8's TypeError ("Cannot assign to read only property 'then' of object '[object Promise]'"). This
 * names what it tried to change (Promise.prototype.then) and says why the playground refuses it.
 */

/** V8's TypeErrors for a write to a frozen object: the property, and how V8 printed its holder (when it did). */
const FROZEN_WRITES: ReadonlyArray<{ pattern: RegExp; verb: string }> = [
  { pattern: /^Cannot assign to read only property '(.+?)' of (?:object |function )?'(.*)'$/s, verb: 'replace' },
  { pattern: /^Cannot redefine property: (.+)$/s, verb: 'redefine' },
  { pattern: /^Cannot delete property '(.+?)' of (.*)$/s, verb: 'delete' },
  { pattern: /^Cannot (?:define|add) property (.+?), object is not extensible$/s, verb: 'add' },
];

/**
 * The sentence for an error that a write to a frozen built-in or a pinned global threw, else null. `at` is the line
 * of the user's source the write was on: it names the holder V8 does not print for a property added
 * (`String.prototype.toSnake = …`), and the line, with what to write instead.
 */
export function tamperMessage(e: unknown, at?: { line: number; text: string }): string | null {
  if (!(e instanceof TypeError)) return null;
  for (const { pattern, verb } of FROZEN_WRITES) {
    const m = pattern.exec(e.message);
    if (!m?.[1]) continue;
    const property = m[1];
    const holder = verb === 'add' && at ? holderOnLine(at.text, property) : null;
    const target = verb === 'add' ? (holder ? `add ${holder}.${property}` : `add "${property}" to a built-in object`) : `${verb} ${nameOf(property, m[2] ?? '')}`;
    const instead = at && /^[A-Za-z_$][\w$]*$/.test(property) ? ` At line ${at.line}, write a plain function instead, such as \`function ${property}(value) { … }\`, and call it with the value.` : '';
    return `the schema tried to ${target}; the playground refuses that, because it could change the verdict (the built-ins and the sandbox's globals are frozen before schema code runs).${instead}`;
  }
  return null;
}

/** `String.prototype` in `String.prototype.toSnake = …` or `Object.defineProperty(Object.prototype, 'then', …)`. */
function holderOnLine(text: string, property: string): string | null {
  const p = property.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const path = '([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)';
  const assigned = new RegExp(`${path}\\s*(?:\\.\\s*${p}\\b|\\[\\s*(['"\`])${p}\\2\\s*\\])\\s*=(?!=)`).exec(text);
  const defined = new RegExp(`\\.define(?:Property|Getter|Setter)?\\s*\\(\\s*${path}\\s*,\\s*(['"\`])${p}\\2`).exec(text);
  return assigned?.[1] ?? defined?.[1] ?? null;
}

/** `Promise.prototype.then` for property `then` of a holder V8 printed as `[object Promise]`, as near as can be told. */
function nameOf(property: string, holder: string): string {
  const key = /^Symbol\((.+)\)$/.exec(property)?.[1];
  const shown = key ? `[${key}]` : `.${property}`;
  // SES names the intrinsics whose properties it turned into accessors: 'root.%MapPrototype%' or '…%ArrayPrototype%.push'.
  const intrinsic = /%(\w+?)(Prototype)?%/.exec(holder);
  if (intrinsic?.[1]) return `${intrinsic[1]}${intrinsic[2] ? '.prototype' : ''}${shown}`;
  const owners = candidates().filter(([, o]) => Reflect.getOwnPropertyDescriptor(o, key ? symbolNamed(key) ?? property : property) && printsAs(o, holder));
  // Without a holder in the message, several built-ins may own the property (Symbol.species): name none of them.
  const owner = owners.length === 1 || (holder !== '' && owners.length > 0) ? owners[0]?.[0] : undefined;
  return owner ? `${owner}${shown}` : `a built-in's ${key ? `[${key}]` : `"${property}"`}`;
}

function symbolNamed(key: string): symbol | undefined {
  const name = /^Symbol\.(\w+)$/.exec(key)?.[1];
  const found = name ? (Symbol as unknown as Record<string, unknown>)[name] : undefined;
  return typeof found === 'symbol' ? found : undefined;
}

/** Whether V8 would print `o` as `holder` in its message ('' when it printed none: anything matches). */
function printsAs(o: object, holder: string): boolean {
  if (holder === '') return true;
  if (holder.startsWith('function ')) return typeof o === 'function' && holder.startsWith(`function ${(o as { name?: unknown }).name ?? ''}(`);
  if (holder.startsWith('#<') || o === globalThis) return o === globalThis;
  return Object.prototype.toString.call(o) === holder;
}

/** The global object, every global built-in and its prototype, by the name a reader knows them by. */
function candidates(): Array<[string, object]> {
  const out: Array<[string, object]> = [['globalThis', globalThis]];
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (!/^[A-Z]/.test(name)) continue;
    const value = Reflect.getOwnPropertyDescriptor(globalThis, name)?.value as unknown;
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    const proto = (value as { prototype?: unknown }).prototype;
    // Function.prototype is itself a function.
    if ((typeof proto === 'object' || typeof proto === 'function') && proto !== null) out.push([`${name}.prototype`, proto]);
    out.push([name, value]);
  }
  out.push(['%ArrayIteratorPrototype%', Object.getPrototypeOf([][Symbol.iterator]()) as object]);
  return out;
}
