/**
 * The tools both fixture servers register: honest ones and one of each pitfall. `register(server, z)`
 * takes an SDK McpServer (1.32.2 or 2.4.0) and the zod they share.
 */
export function register(server, z) {
  const text = (value) => [{ type: 'text', text: JSON.stringify(value) }];
  const answer = (structuredContent) => ({ content: text(structuredContent), structuredContent });
  // Honest: the answer matches the listing.
  server.registerTool('get_user', { description: 'A user by id', inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ id: z.string(), name: z.string() }) }, ({ id }) =>
    answer({ id, name: 'Ada' }),
  );
  // An undeclared key: the server's zod accepts it, the listing (additionalProperties: false) does not.
  server.registerTool('get_invoice', { inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ id: z.string(), total: z.number() }) }, ({ id }) =>
    answer({ id, total: 12, costCenter: 'CC-7' }),
  );
  // A defaulted key the answer omits: listed as required.
  server.registerTool('get_order', { inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ id: z.string(), count: z.number().default(1) }) }, ({ id }) =>
    answer({ id }),
  );
  // An array output.
  server.registerTool('list_items', { outputSchema: z.array(z.object({ id: z.string() })) }, () => answer([{ id: 'a' }, { id: 'b' }]));
  // An isError result whose structuredContent does not match the outputSchema.
  server.registerTool('find_user', { inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ id: z.string(), name: z.string() }) }, ({ id }) => ({
    isError: true,
    content: [{ type: 'text', text: `no user ${id}` }],
    structuredContent: { error: 'not_found', id },
  }));
  // Never answers (a call the checker must cut off).
  server.registerTool('hang', { inputSchema: z.object({}) }, () => new Promise(() => {}));
  // An inputSchema only.
  server.registerTool('echo', { inputSchema: z.object({ text: z.string(), loud: z.boolean().default(false) }) }, ({ text: said, loud }) => ({
    content: [{ type: 'text', text: loud ? said.toUpperCase() : said }],
  }));
}
