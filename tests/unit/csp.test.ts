import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addCspMeta, contentSecurityPolicy, inlineScriptHashes } from '../../src/lib/build/csp';

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

  it('puts the policy before the first script of the page', () => {
    const html = '<html><head><meta charset="utf-8"><script>x()</script></head></html>';
    const out = addCspMeta(html);
    expect(out.indexOf('Content-Security-Policy')).toBeGreaterThan(0);
    expect(out.indexOf('Content-Security-Policy')).toBeLessThan(out.indexOf('<script>'));
  });
});

describe('Content-Security-Policy on hostile pages', () => {
  it('hashes only real script elements, not a <script> quoted inside an attribute', () => {
    const html = '<p title="<script>evil()</script>"></p><script>real()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('real()')]);
  });
});
