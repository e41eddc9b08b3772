/**
 * The Content-Security-Policy of every built page, as a `<meta>` tag: scripts only from the site
 * itself or the inline scripts the site's own templates write, by SHA-256, so an injected
 * `<script>` or `onerror=` never runs, even if escaping failed somewhere. Styles allow inline
 * `style=""` because KaTeX positions math with it; style cannot run code.
 *
 * The policy is one constant, written by the layout (`cspMetaTag`): the site has one inline script
 * (the theme, BaseLayout.astro). `contentSecurityPolicy(html)` is the check: it tokenises a built
 * page and lists the inline scripts it really has, which the tests compare with the page's policy.
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/** Script types the browser never runs: data blocks need no hash. */
const DATA_BLOCK = /^application\/(ld\+)?json$/i;

/**
 * Hashes of the executable inline scripts of a page (not `src=` scripts, not JSON data blocks).
 * The page is tokenised as HTML (htmlparser2), never searched with a regex, which would also take
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
        hashes.add(scriptHash(body));
        body = null;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return [...hashes].sort();
}

/** The SHA-256 source expression of one inline script's text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The policy of a page whose inline scripts have these hashes. */
function policy(hashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].sort().join(' ')}`.trim(),
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

/** The policy a built page should carry: one listing exactly the inline scripts it has. */
export function contentSecurityPolicy(html: string): string {
  return policy(inlineScriptHashes(html));
}

/**
 * The policy's `<meta>` tag for pages whose only inline scripts are `scripts`: the layout puts it
 * right after `<meta charset>`, before any script.
 */
export function cspMetaTag(scripts: readonly string[]): string {
  return `<meta http-equiv="Content-Security-Policy" content="${policy(scripts.map(scriptHash))}">`;
}
