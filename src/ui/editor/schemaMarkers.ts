/** The schema editor's markers: where the schema failed to load, or where the selected converter's tools/list fails. */
import type { Report } from '../../engine/report.ts';
import { tokenize } from '../../engine/load/scan.ts';
import type { EditorMarker } from './answerMarkers.ts';
import { lineIndex, pointRange } from './positions.ts';
import type { ConverterId } from '../../engine/contract/catalog.ts';

/** A marker at the load error's line and column, or at the key the converter's listError names. Pure. */
export function schemaMarkers(text: string, report: Report | null, converter: ConverterId): EditorMarker[] {
  if (!report) return [];
  if (!report.load.ok) {
    const { message, line, column } = report.load.error;
    return line ? [{ ...pointRange(text, line, column ?? 1), severity: 'error', message }] : [];
  }
  const row = report.converters[converter];
  if (!row?.listError || !row.listErrorAt) return [];
  const key = keyToken(text, row.listErrorAt);
  if (!key) return [];
  return [{ ...lineIndex(text)(key.start, key.end), severity: 'error', message: `tools/list fails at ${row.listErrorAt}: ${row.listError}` }];
}

/**
 * The key token of a key path (`items[].createdAt`) in the source: each key in turn, the first `key:` (or `"key":`)
 * after the previous one. A heuristic over the text (a key spelled twice on the way takes the first), or null.
 */
function keyToken(text: string, path: string): { start: number; end: number } | null {
  const tokens = tokenize(text);
  const keys = path.split('.').map((k) => k.replace(/(\[\])+$/, '')).filter((k) => k !== '');
  let from = 0;
  let found: { start: number; end: number } | null = null;
  for (const key of keys) {
    const i = tokens.findIndex((t, j) => j >= from && tokens[j + 1]?.text === ':' && (t.text === key || t.text === JSON.stringify(key) || t.text === `'${key}'`));
    if (i === -1) return null;
    found = tokens[i] ?? null;
    from = i + 1;
  }
  return found;
}
