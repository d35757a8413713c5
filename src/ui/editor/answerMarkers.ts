/** The answer editor's underlines: undeclared keys (per policy) and the places a client's verdict complains about. */
import { parseTree, type Node } from 'jsonc-parser';
import type { ConverterRow, Report } from '../../engine/report.ts';
import { CLIENT_ENTRIES, type ClientId, CONVERTER_ENTRIES, type ConverterId, type PolicyId, titleOf } from '../../engine/contract/catalog.ts';
import { complaintsOf, type Complaint } from './complaints.ts';
import { keyNodesAt, keyOf, splitKeyPath, valueAt } from './jsonNodes.ts';
import { lineIndex, pointRange, type LineRange } from './positions.ts';

/** A marker for an editor model, independent of Monaco. */
export interface EditorMarker extends LineRange {
  severity: 'error' | 'warning';
  message: string;
}

/** What the answer markers are computed from. */
export interface AnswerMarkerInput {
  text: string;
  report: Report | null;
  converter: ConverterId;
  client: ClientId;
}

/**
 * Past this size the answer gets no underlines (the panes still list every undeclared key and complaint): its parse
 * tree is one task on the page's main thread, about 100 ms for 256 KB on a busy machine and seconds for 1.5 MB.
 */
export const MAX_MARKED_CHARS = 256 * 1024;

/** Computes the answer editor's markers. Pure. */
export function answerMarkers({ text, report, converter, client }: AnswerMarkerInput): EditorMarker[] {
  if (!report) return [];
  const error = report.answer.ok ? null : report.answer.error;
  if (error) return error.line && error.column ? [{ ...pointRange(text, error.line, error.column), severity: 'error', message: error.message }] : [];
  const row = report.converters[converter];
  if (!row || text.length > MAX_MARKED_CHARS) return [];
  let tree: Node | undefined;
  try {
    tree = parseTree(text);
  } catch {
    // jsonc's parser recurses: text nested deeper than the stack (typed while the report is the previous text's) gets no markers.
    return [];
  }
  if (!tree) return [];
  const range = lineIndex(text);
  const at = (n: Node) => range(n.offset, n.offset + n.length);
  const undeclared = undeclaredByPath(row, report);
  const markers: EditorMarker[] = [];
  for (const [path, policies] of undeclared) {
    const message = `Undeclared key ${path}: the schema does not declare it (reported by ${policies.join(', ')}). "Undeclared keys by policy" shows what each policy ships.`;
    for (const key of keyNodesAt(tree, splitKeyPath(path))) markers.push({ ...at(key), severity: 'warning', message });
  }
  const who = `${titleOf(CLIENT_ENTRIES, client)}`;
  const listing = `${titleOf(CONVERTER_ENTRIES, converter)} listing`;
  for (const complaint of clientComplaints(row, client)) {
    const { policies } = complaint;
    const message = `${who} rejects what ${policies.join(', ')} ship${policies.length > 1 ? '' : 's'} (${listing}): ${complaint.text}`;
    for (const node of nodesFor(tree, complaint)) markers.push({ ...at(node), severity: 'error', message });
  }
  return markers;
}

/** Undeclared key paths → the policies that report them (the input role's server parse counts as `raw`). */
function undeclaredByPath(row: ConverterRow, report: Report): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (path: string, who: string) => out.set(path, [...(out.get(path) ?? []), who]);
  for (const [policy, prow] of Object.entries(row.policies)) for (const path of prow?.undeclared ?? []) add(path, policy);
  for (const path of report.input?.dropped ?? []) if (!out.has(path)) add(path, 'the server’s zod parse');
  return out;
}

type PolicyComplaint = Complaint & { policies: PolicyId[] };

/** The chosen client's complaints, one entry per (place, text), naming every policy that drew it. */
function clientComplaints(row: ConverterRow, client: ClientId): PolicyComplaint[] {
  const out = new Map<string, PolicyComplaint>();
  for (const [policy, prow] of Object.entries(row.policies) as Array<[PolicyId, NonNullable<ConverterRow['policies'][PolicyId]>]>) {
    const verdict = prow.verdicts[client];
    if (verdict?.valid !== false || !verdict.errors) continue;
    for (const c of complaintsOf(verdict.errors)) {
      const place = JSON.stringify([c.pointer, c.property ?? null, c.text]);
      const seen = out.get(place);
      if (seen) seen.policies.push(policy);
      else out.set(place, { ...c, policies: [policy] });
    }
  }
  return [...out.values()];
}

/** Where to underline one complaint: the key it refuses, else the key or value it points at. */
function nodesFor(tree: Node, { pointer, property }: Complaint): Node[] {
  let target = valueAt(tree, pointer);
  // A non-object answer ships wrapped as { result: … } (SDK v2): its pointers start with /result.
  if (!target && pointer[0] === 'result') target = valueAt(tree, pointer.slice(1));
  if (!target) return [];
  if (property !== undefined) return keyNodesAt(target, [property]);
  // A container is marked at its key (or opening bracket), not across all its lines.
  if (target.type === 'object' || target.type === 'array') return [keyOf(target) ?? { ...target, length: 1 }];
  return [target];
}
