/**
 * The bench's static server: HTTP/2 over TLS on loopback, as the static hosts a site is deployed to
 * (GitHub Pages, Netlify, Cloudflare Pages) serve browsers. Over HTTP/1.1, Chromium opens at most
 * six connections per origin, so the up to ten text shards of a result page took two round trips:
 * a limit of the test server, not of a deployed site. The certificate is self-signed (openssl,
 * made once under .bench/) and Chromium is told to accept it (`--ignore-certificate-errors`).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sirv from 'sirv';

async function certificate(dir: string): Promise<{ key: Buffer; cert: Buffer }> {
  const key = join(dir, 'localhost.key');
  const cert = join(dir, 'localhost.crt');
  if (!existsSync(key) || !existsSync(cert)) {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Serves `root` with `headers` on every response; files must exist before it starts. */
export async function serveBench(
  root: string,
  certDir: string,
  headers: Record<string, string>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const serve = sirv(root, {
    dev: false,
    etag: false,
    setHeaders: (res) =>
      Object.entries(headers).forEach(([name, value]) => res.setHeader(name, value)),
  });
  const server = createSecureServer(
    { ...(await certificate(certDir)), allowHTTP1: true },
    // sirv is typed for node:http; the HTTP/2 compatibility API it uses is the same.
    (req, res) =>
      serve(req as never, res as never, () => {
        res.writeHead(404).end('Not found');
      }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const COMPRESSIBLE = /\.(html|js|json|css|svg|xml|txt)$/;
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript',
  json: 'application/json',
  css: 'text/css',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  txt: 'text/plain',
  wasm: 'application/wasm',
  png: 'image/png',
};

/** A slow link: each response starts a round trip after its request, then queues for bandwidth. */
export interface LinkProfile {
  rttMs: number;
  bytesPerSecond: number;
}

/** One response the server sent: its path, its bytes on the wire (gzip), and when it ended. */
export interface Served {
  path: string;
  bytes: number;
  at: number;
}

/**
 * Serves a built site as a static host does: HTTP/2, text gzipped on the fly (once per file),
 * `index.html` for folders, no caching between runs. For the cold-start bench (bench/cold.ts),
 * where transfer sizes decide the times under a slow network profile. `link()` sets a slow link
 * for every request, the page's and its workers' alike (DevTools' network emulation does not
 * reach a dedicated worker's fetches); `served` lists what was sent.
 */
export async function serveSiteCompressed(
  root: string,
  certDir: string,
): Promise<{
  origin: string;
  close: () => Promise<void>;
  link: (profile: LinkProfile | undefined) => void;
  served: Served[];
}> {
  const { gzipSync } = await import('node:zlib');
  const { statSync } = await import('node:fs');
  const cache = new Map<string, Buffer>();
  let profile: LinkProfile | undefined;
  let linkFreeAt = 0;
  const served: Served[] = [];
  const server = createSecureServer(
    { ...(await certificate(certDir)), allowHTTP1: true },
    (req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname);
      let file = join(root, path);
      try {
        if (statSync(file).isDirectory()) file = join(file, 'index.html');
      } catch {
        // Not found below.
      }
      if (!file.startsWith(root) || !existsSync(file)) {
        res.writeHead(404).end('Not found');
        return;
      }
      const ext = /\.([a-z0-9]+)$/.exec(file)?.[1] ?? '';
      const headers: Record<string, string> = {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      };
      let body = cache.get(file);
      if (!body) {
        body = readFileSync(file);
        if (COMPRESSIBLE.test(file)) body = gzipSync(body);
        cache.set(file, body);
      }
      if (COMPRESSIBLE.test(file)) headers['content-encoding'] = 'gzip';
      const send = (payload: Buffer) => {
        res.writeHead(200, headers).end(payload);
        served.push({ path, bytes: payload.length, at: Date.now() });
      };
      if (!profile) {
        send(body);
        return;
      }
      const start = Math.max(Date.now() + profile.rttMs, linkFreeAt);
      linkFreeAt = start + (body.length / profile.bytesPerSecond) * 1000;
      const payload = body;
      setTimeout(() => send(payload), linkFreeAt - Date.now());
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    link: (next) => {
      profile = next;
      linkFreeAt = 0;
    },
    served,
  };
}
