/**
 * Whether the first-visit guide was dismissed, remembered in localStorage (best effort: without storage it shows on
 * each fresh visit until dismissed in that page). An embed never reads or writes it.
 */
import { browserStorage } from '../state/persistence/storages.ts';

/** The storage key of the guide's dismissal. */
export const GUIDE_KEY = 'mcp-schema-playground:guide';

/** True once the guide was dismissed on this browser. */
export function guideDismissed(): boolean {
  try {
    return browserStorage()?.getItem(GUIDE_KEY) === 'dismissed';
  } catch {
    return false;
  }
}

/** Remembers the dismissal. */
export function rememberGuideDismissed(): void {
  try {
    browserStorage()?.setItem(GUIDE_KEY, 'dismissed');
  } catch {
    // A full or blocked storage: the guide stays closed for this page only.
  }
}
