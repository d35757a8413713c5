/**
 * `npm run evaluate -- <case> --tool NAME`: the tool by name. A pasted source that registers two tools is checked as
 * the one named (its outputSchema, and the name the Report carries), over the file's own `tool`.
 */
import { describe, expect, it } from 'vitest';
import { evaluateMain } from '../src/cli/evaluate.ts';
import type { Report } from '../src/engine/report.ts';

const TWO_TOOLS = `import { z } from "zod";

server.registerTool("get_user", { outputSchema: { name: z.string() } }, async () => ({ content: [] }));
server.registerTool("get_order", { outputSchema: { total: z.number() } }, async () => ({ content: [] }));
`;

async function evaluateWith(args: string[], c: object): Promise<{ status: number; report: Report; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await evaluateMain(['-', ...args], { read: () => JSON.stringify(c), out: async (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { status, report: (stdout ? JSON.parse(stdout) : null) as Report, stderr };
}

describe('evaluate --tool', () => {
  const c = { v: 1, role: 'output', tool: 'get_user', schema: TWO_TOOLS, answer: '{ "total": 3 }' };

  it('checks the tool it names among the registered ones, over the file’s tool', async () => {
    const asFiled = await evaluateWith([], c);
    const named = await evaluateWith(['--tool', 'get_order'], c);
    expect([asFiled.status, named.status]).toEqual([0, 0]);
    expect(asFiled.report.tool).toBe('get_user');
    expect(named.report.tool).toBe('get_order');
    expect(named.report.registration?.picked).toBe('get_order');
    // Each is checked against its own outputSchema.
    expect(JSON.stringify(asFiled.report.converters.zod?.listed)).toContain('"name"');
    expect(JSON.stringify(named.report.converters.zod?.listed)).toContain('"total"');
    expect(JSON.stringify(named.report.converters.zod?.listed)).not.toContain('"name"');
  });

  it('on a plain schema source, names the tool the Report carries', async () => {
    const plain = { v: 1, role: 'output', tool: 'get_user', schema: 'import { z } from "zod";\nexport default z.object({ total: z.number() });\n', answer: '{ "total": 3 }' };
    const named = await evaluateWith(['--tool', 'get_order'], plain);
    expect(named.status).toBe(0);
    expect(named.report.tool).toBe('get_order');
    expect(named.report.load.ok).toBe(true);
  });
});
