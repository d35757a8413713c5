/**
 * Where an error path sits in the answer's text: a verdict's JSON pointer (and the key it refuses) or an undeclared key
 * path (`items[].node_id`, its first match), as a line range and the pointer of the value it names.
 */
import { getNodePath, parseTree, type Node } from 'jsonc-parser';
import { keyNodesAt, keyOf, splitKeyPath, valueAt } from './jsonNodes.ts';
import { lineIndex, type LineRange } from './positions.ts';

/** An error path as the panes show it. */
export type PathTarget = { pointer: readonly string[]; property?: string } | { keyPath: string };

/** A place in the answer: the range to select, and the JSON pointer of the value there (array indexes included). */
export interface AnswerPlace {
  range: LineRange;
  pointer: string[];
}

/** The place `target` names in `text`, or null when the text does not parse or has no such place (it changed since). */
export function answerPlace(text: string, target: PathTarget): AnswerPlace | null {
  let tree: Node | undefined;
  try {
    tree = parseTree(text);
  } catch {
    // jsonc's parser recurses: text nested deeper than the stack has no places.
    return null;
  }
  if (!tree) return null;
  const node = 'keyPath' in target ? keyNodesAt(tree, splitKeyPath(target.keyPath))[0] : pointerNode(tree, target.pointer, target.property);
  if (!node) return null;
  // A key is selected with its value: the property, from the key's opening quote to the value's end.
  const whole = node.parent?.type === 'property' ? node.parent : node;
  const value = whole.type === 'property' ? whole.children?.[1] : whole;
  return { range: lineIndex(text)(whole.offset, whole.offset + whole.length), pointer: value ? getNodePath(value).map(String) : [] };
}

/** The node a verdict's pointer names: the refused key when there is one, else the value (at its key, if it has one). */
function pointerNode(tree: Node, pointer: readonly string[], property: string | undefined): Node | undefined {
  let target = valueAt(tree, pointer);
  // A non-object answer ships wrapped as { result: … } (SDK v2): its pointers start with /result.
  if (!target && pointer[0] === 'result') target = valueAt(tree, pointer.slice(1));
  if (!target) return undefined;
  if (property !== undefined) return keyNodesAt(target, [property])[0];
  return keyOf(target) ?? target;
}
