/**
 * The app's keyboard shortcuts, as users read them: the Help panel lists them and `npm run readme:catalog` writes them
 * into the README (test/catalog.test.ts fails while the two differ). useShortcuts binds each one, and the compiler
 * checks that every entry here has a binding there.
 */

/** `keys` is how the shortcut is written for people ("Ctrl/Cmd+S"); `does` says what it does, as a sentence. */
export interface ShortcutEntry {
  keys: string;
  does: string;
}

/** Ctrl on Windows and Linux, Cmd on macOS: the prefix of every shortcut useShortcuts binds. */
export const MOD = 'Ctrl/Cmd+';

export const SHORTCUTS = [
  { keys: `${MOD}S`, does: 'Copy the link to this case (as Share does)' },
  { keys: `${MOD}Enter`, does: 'Evaluate the case again, also from inside an editor' },
] as const satisfies readonly ShortcutEntry[];

/** The `keys` of every shortcut, one binding each. */
export type ShortcutKeys = (typeof SHORTCUTS)[number]['keys'];
