/**
 * Builds a site from a dumps folder into its own output folder and serves it on loopback, so browser
 * tests never touch the developer's dist/ or src/generated/.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { PapersSchema, type Paper } from '../../src/lib/schema';
import { run, runIngest } from './run';

export interface BuiltSite {
  outDir: string;
  papersFile: string;
}

/**
 * The environment of a build started from a test: vitest sets BASE_URL, MODE, DEV, PROD, SSR and
 * NODE_ENV=test for its own Vite, and Astro's Vite would read them as its own.
 */
export function buildEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // SITE_URL given (its default), so a test build is not taken for a deployment that forgot it.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_URL: process.env.SITE_URL || 'http://localhost:4321',
    ...extra,
  };
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'NODE_ENV']) delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return env;
}

/**
 * Runs ingest and `npm run build`'s astro step (scripts/build-site.ts) for one dumps folder, each in
 * its own process (awaited, so the test worker stays responsive); throws with the failing step's output.
 */
export async function buildSite(options: {
  dumps: string;
  outDir: string;
  base?: string;
  /** `astro build` processes (BUILD_SHARDS); build-site.ts decides when unset. */
  shards?: number;
}): Promise<BuiltSite> {
  const papersFile = `${options.outDir}.papers.json`;
  fs.rmSync(options.outDir, { recursive: true, force: true });
  const env = {
    ...buildEnvironment(),
    PAPERS_JSON: papersFile,
    OUT_DIR: options.outDir,
    BASE_PATH: options.base ?? '/',
    ...(options.shards === undefined ? {} : { BUILD_SHARDS: String(options.shards) }),
  };
  const step = async (args: string[]) => {
    const result = await run('npx', args, { env });
    if (result.status !== 0) {
      throw new Error(
        `npx ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`,
      );
    }
  };
  const ingest = await runIngest(['--dumps', options.dumps, '--out', papersFile], { env });
  if (ingest.status !== 0) {
    throw new Error(`the ingest exited ${ingest.status}:\n${ingest.stdout}${ingest.stderr}`);
  }
  await step(['tsx', 'scripts/build-site.ts']);
  return { outDir: options.outDir, papersFile };
}

/**
 * Serves a built folder like a static host: directory index, 404.html (when built) for unknown paths, the site
 * under `base`, and `headers` on every response (as a host reading `_headers` would add them).
 * The one static server of the tests and benches.
 */
export async function serveSite(
  outDir: string,
  options: { base?: string; headers?: Record<string, string> } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const headers = Object.entries(options.headers ?? {});
  const serve = sirv(outDir, {
    dev: false,
    etag: false,
    extensions: ['html'],
    setHeaders: (res) => headers.forEach(([name, value]) => res.setHeader(name, value)),
  });
  const notFoundPage = path.join(outDir, '404.html');
  const notFound = fs.existsSync(notFoundPage) ? fs.readFileSync(notFoundPage) : 'Not found';
  const prefix = (options.base ?? '/').replace(/\/?$/, '/');
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
      return;
    }
    req.url = `/${url.slice(prefix.length)}`;
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The records a built site was made from (buildSite writes them next to its output folder). */
export function readBuiltPapers(outDir: string): Paper[] {
  return PapersSchema.parse(JSON.parse(fs.readFileSync(`${outDir}.papers.json`, 'utf8')));
}
