/** The schema editor's markers: where the schema failed to load. */
import type { Report } from '../../engine/report.ts';
import type { EditorMarker } from './answerMarkers.ts';
import { pointRange } from './positions.ts';

/** A marker at the load error's line and column, when it has one. Pure. */
export function schemaMarkers(text: string, report: Report | null): EditorMarker[] {
  if (!report || report.load.ok) return [];
  const { message, line, column } = report.load.error;
  return line ? [{ ...pointRange(text, line, column ?? 1), severity: 'error', message }] : [];
}
