/** How many monospace characters fit across an element, kept up to date as it resizes. */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Columns of the element's monospace text (`fallback` until measured, and at least `min`). */
export function useColumns(ref: RefObject<HTMLElement | null>, fallback = 64, min = 32): number {
  const [columns, setColumns] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      // Monospace glyphs are about 0.6em wide; a slight overestimate keeps lines from wrapping.
      const charWidth = parseFloat(style.fontSize) * 0.62;
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (inner > 0) setColumns(Math.max(min, Math.floor(inner / charWidth)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, min]);
  return columns;
}
