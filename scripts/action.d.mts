/** The action's step (action.mjs). */
export function checkArgs(env: NodeJS.ProcessEnv, files: { markdown: string }): { ok: true; args: string[] } | { ok: false; error: string };
export function runAction(step: { env: NodeJS.ProcessEnv; cli: string[]; log?: (line: string) => void }): Promise<number>;
