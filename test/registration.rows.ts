/** A pasted tool registration, verbatim: shared by test/registration.test.ts and e2e/app.spec.ts. */
export const ISSUE_BLOCK = `server.registerTool("get_user", {
  description: "Look up a user",
  inputSchema: { id: z.string() },
  outputSchema: { name: z.string(), age: z.number().optional() },
}, async ({ id }) => ({ content: [], structuredContent: { name: "a", plan: "pro" } }));`;
