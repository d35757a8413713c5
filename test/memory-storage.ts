/** localStorage as autosave uses it (get, set, remove), kept in `items`, which the caller may read: createAutosave outside a browser. */
export function memoryStorage(items = new Map<string, string>()): Storage {
  const used: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
  return used as Storage;
}
