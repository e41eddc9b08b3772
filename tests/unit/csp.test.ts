import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspMetaTag, inlineScriptHashes } from '../../src/lib/build/csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy', () => {
  it('allows exactly the inline scripts the page was built with', () => {
    const html = '<head><script>a()</script><script type="module">b()</script></head>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')].sort());
  });

  it('does not hash external scripts or JSON-LD data blocks', () => {
    const html =
      '<script type="module" src="/x.js"></script><script type="application/ld+json">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('never allows unsafe-inline or eval for scripts', () => {
    const policy = contentSecurityPolicy('<script>x()</script>');
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${sha('x()')}`);
    expect(policy).toContain("object-src 'none'");
  });

  it("writes, for the layout's own scripts, the policy a page with exactly those scripts needs", () => {
    const meta = cspMetaTag(['x()']);
    expect(meta).toMatch(/^<meta http-equiv="Content-Security-Policy" content="[^"<>]+">$/);
    const content = /content="([^"]+)"/.exec(meta)![1];
    expect(content).toBe(contentSecurityPolicy('<head><script>x()</script></head>'));
    // A script the layout did not write is not allowed by it.
    expect(content).not.toBe(contentSecurityPolicy('<script>x()</script><script>y()</script>'));
  });
});

describe('Content-Security-Policy on hostile pages', () => {
  it('hashes only real script elements, not a <script> quoted inside an attribute', () => {
    const html = '<p title="<script>evil()</script>"></p><script>real()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('real()')]);
  });
});
