/**
 * A Content-Security-Policy for every built page, as a `<meta>` tag: scripts only from the site
 * itself or inline scripts whose SHA-256 is listed, so an injected `<script>` or `onerror=` never
 * runs. Styles allow inline `style=""` because KaTeX positions math with it; style cannot run code.
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/** Script types the browser never runs: data blocks need no hash. */
const DATA_BLOCK = /^application\/(ld\+)?json$/i;

/**
 * Hashes of the executable inline scripts of a page (not `src=` scripts, not JSON data blocks).
 * The page is tokenised as HTML (htmlparser2: fast enough for 20,000 pages): a regex would also take
 * the `<script>` an abstract quotes inside an attribute (a KaTeX error's `title`) for a tag, and miss
 * the page's real scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let body: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const runs = name === 'script' && attributes.src === undefined;
        body = runs && !DATA_BLOCK.test(attributes.type ?? '') ? '' : null;
      },
      ontext(text) {
        if (body !== null) body += text;
      },
      onclosetag(name) {
        if (name !== 'script' || body === null) return;
        hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        body = null;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return [...hashes].sort();
}

/** The policy of one page. */
export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Puts the page's policy in a `<meta>` tag right after `<meta charset>`, before any script. */
export function addCspMeta(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(html)}">`;
  return html.replace(/<meta charset="utf-8"\s*\/?>/i, (charset) => `${charset}${meta}`);
}
