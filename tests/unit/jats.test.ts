import { describe, expect, it } from 'vitest';
import { jatsToText } from '../../src/lib/text/jats';

describe('JATS abstracts', () => {
  it('read paragraphs, sections and inline formatting as text and the formatting they mean', () => {
    expect(
      jatsToText(
        '<jats:title>Abstract</jats:title><jats:p>We fold <jats:italic>de novo</jats:italic> proteins with H<jats:sub>2</jats:sub>O.</jats:p><jats:p>It works.</jats:p>',
      ),
    ).toBe('\n\nWe fold <em>de novo</em> proteins with H<sub>2</sub>O.\n\nIt works.\n');
    // Sections keep their titles as labels; a title that ends in a stop gets no colon.
    expect(
      jatsToText(
        '<sec><title>Methods</title><p>We <bold>measure</bold>.</p></sec><sec><title>Why?</title><p>Because.</p></sec>',
      ),
    ).toBe('\n\nMethods:\n\nWe <strong>measure</strong>.\n\n\n\nWhy?\n\nBecause.\n\n');
  });

  it('keep a link text and drop its attributes, namespaces and MathML tags', () => {
    const text = jatsToText(
      '<p>Served at <ext-link xmlns:xlink="http://www.w3.org/1999/xlink" ext-link-type="uri" xlink:href="http://rosie.example.org">http://rosie.example.org</ext-link> for <sc>all</sc> with <inline-formula><mml:math><mml:mi>n</mml:mi></mml:math></inline-formula> users.</p>',
    );
    expect(text).toBe('\nServed at http://rosie.example.org for all with n users.\n');
    expect(text).not.toContain('w3.org');
  });

  it('drop every other element, attributes and all, and read a title holding formatting', () => {
    // A red team's: elements past any list of JATS's, with URLs in their attributes.
    const text = jatsToText(
      '<jats:title><jats:italic>In vivo</jats:italic> results</jats:title><jats:p>We see <jats:inline-graphic xlink:href="https://evil.example/track.png"/>' +
        '<jats:abbrev xlink:href="https://evil.example/phish">ABC</jats:abbrev> cells<jats:fn><jats:p>A note.</jats:p></jats:fn>' +
        '<jats:fig><jats:graphic xlink:href="http://www.w3.org/1999/xlink"/></jats:fig> and <![CDATA[x < y]]> <jats:strike>z</jats:strike>.</jats:p>',
    );
    expect(text).not.toMatch(/evil|w3\.org|xlink|jats|abbrev|<(?!\/?em>| y)/);
    expect(text).toContain('<em>In vivo</em> results:');
    expect(text).toContain('ABC cells');
    expect(text).toContain('x < y z.');
  });

  it('read tags and sections never closed, at any count', () => {
    for (const open of ['<p ', '<jats:title>', '<![CDATA[', '<title>']) {
      const text = `<jats:p>a</jats:p>${open.repeat(40_000)}`;
      expect(jatsToText(text).length).toBeLessThanOrEqual(text.length);
    }
  });

  it('leave text without JATS as it is, HTML formatting and a lone angle bracket included', () => {
    for (const plain of [
      'We show that <em>x</em> < y for all x.',
      'A bound of O(n) where n <p> holds.',
      'Tags such as <title> are HTML.',
    ]) {
      expect(jatsToText(plain)).toBe(plain);
    }
  });
});
