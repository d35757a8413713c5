/** Source map: a position in the transpiled JS → the same place in the user's source, via @jridgewell/trace-mapping. */
import { traceSegment, TraceMap, type SourceMapSegment } from '@jridgewell/trace-mapping';

/** A v3 source map: sucrase's (encoded mappings) or the in-place rewrite's (decoded: plain-module.ts). */
export interface SourceMap {
  version: number;
  file: string;
  sources: string[];
  names: string[];
  mappings: string | SourceMapSegment[][];
}

/** Transpiled JS and the source map back to the user's source (null: positions are the same). */
export interface Transpiled {
  code: string;
  map: SourceMap | null;
}

/**
 * 1-based generated line and column → 1-based source line and column. Each mapping segment maps the start of a
 * run of text, so a column inside it keeps its distance from that start; with no mapping the position is taken as is.
 */
export function originalPosition(map: SourceMap | null, line: number, column: number): { line: number; column: number } {
  // Decoded only here: most schemas load without an error and never need the map.
  const segment = map ? traceSegment(new TraceMap({ ...map, version: 3 } as ConstructorParameters<typeof TraceMap>[0]), line - 1, column - 1) : null;
  if (!segment || segment.length === 1) return { line, column };
  const [generatedColumn, , sourceLine, sourceColumn] = segment;
  return { line: sourceLine + 1, column: sourceColumn + (column - 1 - generatedColumn) + 1 };
}
