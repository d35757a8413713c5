/** Source map: a position in the transpiled JS → the same place in the user's TypeScript, via @jridgewell/trace-mapping. */
import { traceSegment, TraceMap } from '@jridgewell/trace-mapping';

/** The source map sucrase returns (a v3 map with encoded mappings). */
export interface SourceMap {
  version: number;
  file: string;
  sources: string[];
  names: string[];
  mappings: string;
}

/**
 * 1-based generated line and column → 1-based source line and column. Sucrase maps each token's start, so a column
 * inside a token keeps its distance from that start; with no mapping the position is taken as is.
 */
export function originalPosition(map: SourceMap | null, line: number, column: number): { line: number; column: number } {
  // Decoded only here: most schemas load without an error and never need the map.
  const segment = map ? traceSegment(new TraceMap({ ...map, version: 3 }), line - 1, column - 1) : null;
  if (!segment || segment.length === 1) return { line, column };
  const [generatedColumn, , sourceLine, sourceColumn] = segment;
  return { line: sourceLine + 1, column: sourceColumn + (column - 1 - generatedColumn) + 1 };
}
