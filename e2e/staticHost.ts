/**
 * Deployments for the e2e rows of deploy.spec.ts: the built dist/ served under a sub-path by a plain static file
 * server (node:http, headers from a `_headers` file as Netlify and Cloudflare Pages read it), or by a real nginx
 * running the snippet of docs/deploy.md. Both serve files only: no fallback page, no rewrites.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** A running deployment. */
export interface Deployment {
  /** Where the app is: origin + sub-path, ending with a slash. */
  url: string;
  close(): Promise<void>;
}

/** The fenced block of a Markdown text with this info string (there must be exactly one). */
export function fencedBlock(markdown: string, info: string): string {
  const blocks = [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === info);
  if (blocks.length !== 1) throw new Error(`expected one \`\`\`${info} block, found ${blocks.length}`);
  return blocks[0]![2]!;
}

/** One rule of a `_headers` file: a path pattern (`*` matches anything) and the headers it adds. */
interface HeaderRule {
  pattern: RegExp;
  headers: Array<[string, string]>;
}

/** Parses a `_headers` file: a path line, then its headers indented as `Name: value`; `#` starts a comment line. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line.trim().split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const at = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || at < 0) throw new Error(`_headers: a header line outside a path, or without a colon: ${line}`);
    rule.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

/** The headers every matching rule adds for `path` (the path under the deployment's root); repeated names are joined with commas, as both hosts do. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules.filter((r) => r.pattern.test(path))) {
    for (const [name, value] of rule.headers) out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/** What the test changes about one path's answer: its headers, or a status with no file. */
export type Tweak = (path: string, headers: Record<string, string>) => { status: number } | Record<string, string>;

/**
 * Serves `dir` under `prefix` (which starts and ends with a slash) on an ephemeral localhost port. A folder's address
 * without its slash is redirected to it, as static hosts do.
 */
export async function serveStatic(dir: string, prefix: string, headers: (path: string) => Record<string, string>, tweak?: Tweak): Promise<Deployment> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (`${path}/` === prefix) return void res.writeHead(301, { Location: prefix }).end();
    if (!path.startsWith(prefix)) return void res.writeHead(404).end('not found');
    const inside = `/${path.slice(prefix.length)}`;
    const file = normalize(join(root, inside.endsWith('/') ? `${inside}index.html` : inside));
    const own = headers(inside);
    const changed = tweak ? tweak(inside, own) : own;
    if ('status' in changed && typeof changed.status === 'number') return void res.writeHead(changed.status, { 'Content-Type': 'text/plain' }).end('not found');
    let body: Buffer;
    try {
      if (!file.startsWith(root + sep) || !statSync(file).isFile()) throw new Error('not a file');
      body = readFileSync(file);
    } catch {
      return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
    res.writeHead(200, { ...(changed as Record<string, string>), 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}${prefix}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Serves a single HTML page on an ephemeral localhost port (another origin than the deployment's): a docs page. */
export async function servePage(html: string): Promise<Deployment> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export const NGINX = '/usr/sbin/nginx';

/**
 * Runs Debian's nginx in the foreground with a configuration of its own in a temporary folder: `snippet` (the
 * location blocks of docs/deploy.md, its example paths replaced by `prefix` and `dir`) inside one server on
 * 127.0.0.1:`port`. Stopped (SIGTERM, nginx's fast shutdown: a graceful one waits for the browser's idle connections) and its folder removed on close.
 */
export async function runNginx(snippet: string, dir: string, prefix: string, port: number): Promise<Deployment> {
  const home = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${home}/${t};`).join('\n');
  const location = snippet.replaceAll('/var/www/mcp-schema-playground/', `${resolve(dir)}/`).replaceAll('/playground', prefix.slice(0, -1));
  // Run as root (as CI is), nginx's workers would drop to `nobody`, who cannot read a checkout in a private folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const conf = `daemon off;
${user}worker_processes 1;
pid ${home}/nginx.pid;
error_log ${home}/error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${temp}
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
${location}
  }
}
`;
  writeFileSync(join(home, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', home, '-c', join(home, 'nginx.conf'), '-e', join(home, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}${prefix}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(home, { recursive: true, force: true });
  };
  // Up once it answers the app's page.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    }
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100) {
      await stop();
      throw new Error(`nginx did not answer ${url}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, close: stop };
}
