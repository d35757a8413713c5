/** The Python interpreter the python-sdk tests run: the venv `.ci/run` makes, when it has `mcp`; the tests skip without it. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The interpreter of the venv `.ci/run` makes (`python3 -m venv .venv-py && .venv-py/bin/pip install mcp==2.3.0`). */
export const VENV_PYTHON = join(import.meta.dirname, '..', '.venv-py/bin/python');

/** True when VENV_PYTHON exists and imports `mcp`. */
export const hasMcp =
  existsSync(VENV_PYTHON) &&
  (() => {
    try {
      execFileSync(VENV_PYTHON, ['-c', 'import mcp'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

/** The line a skipped suite prints, saying what it needs. */
export function warnSkipped(what: string): void {
  if (!hasMcp) console.warn(`SKIPPED: ${what} needs ${VENV_PYTHON} with mcp (python3 -m venv .venv-py && .venv-py/bin/pip install --retries 0 --timeout 3 mcp==2.3.0)`);
}
