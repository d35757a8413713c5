/**
 * The app's keyboard shortcuts, as users read them: the one list the Help panel shows, useShortcuts.ts installs, and
 * the README's shortcut table is generated from (keep its name, path and shape).
 */

/** Each shortcut: the keys, and what they do. */
export const SHORTCUTS = [
  { keys: 'Ctrl/Cmd+S', does: 'Copies the link to this case (what Share does).' },
  { keys: 'Ctrl/Cmd+Enter', does: 'Evaluates the case again now.' },
  { keys: '?', does: 'Opens Help (when the focus is not in an editor or a text field).' },
  { keys: 'Esc', does: 'Closes Help, the compare view or an open menu.' },
  { keys: 'Ctrl/Cmd+Z', does: 'In an editor: undoes the last edit, an applied fix or a loaded answer included.' },
] as const satisfies readonly { keys: string; does: string }[];

/** The keys of one shortcut, as listed. */
export type ShortcutKeys = (typeof SHORTCUTS)[number]['keys'];
