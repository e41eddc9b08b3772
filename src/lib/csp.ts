/**
 * A Content-Security-Policy for every built page, as a `<meta>` tag: scripts only from the site
 * itself or inline scripts whose SHA-256 is listed, so an injected `<script>` or `onerror=` never
 * runs. Styles allow inline `style=""` because KaTeX positions math with it; style cannot run code.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

/** Hashes of the executable inline scripts of a page (not `src=` scripts, not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
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
