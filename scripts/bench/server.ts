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
