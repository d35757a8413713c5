/** The SDK 2.4.0 Streamable HTTP test server (v2-http.mjs). */
export function startV2Http(): Promise<{ url: string; close(): Promise<void> }>;
