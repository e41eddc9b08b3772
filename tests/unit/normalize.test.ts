import { describe, expect, it } from 'vitest';
import {
  joinLines,
  normalizeAbstract,
  normalizeWhitespace,
  repairHyphenation,
} from '../../src/lib/ingest/normalize';

describe('normalizeWhitespace', () => {
  it('collapses tabs, runs of spaces and Unicode spaces into one space and trims', () => {
    expect(normalizeWhitespace('  a\t\tb   c\u00a0\u2009d  ')).toBe('a b c d');
  });

  it('composes to NFC so the same text typed two ways is one abstract', () => {
    expect(normalizeWhitespace('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('drops soft hyphens and zero-width characters left by PDF copies', () => {
    expect(normalizeWhitespace('gen\u00aderal\u200bisation\ufeff')).toBe('generalisation');
  });
});

describe('joinLines', () => {
  it('joins hard-wrapped lines with one space', () => {
    expect(joinLines(['We study  ', '  offline RL.'])).toBe('We study offline RL.');
  });

  it('keeps a line-end hyphen before a capital or digit, without a space', () => {
    expect(joinLines(['trained on GPT-', '4 outputs and Vision-', 'Language data'])).toBe(
      'trained on GPT-4 outputs and Vision-Language data',
    );
  });
});

describe('repairHyphenation', () => {
  it('joins words a PDF split at a line end', () => {
    expect(repairHyphenation('avoids ref- erencing the gen- eralization gap')).toBe(
      'avoids referencing the generalization gap',
    );
  });

  it('keeps suspended hyphens before and/or/to/nor', () => {
    const text = 'pre- and post-training, first- or second-order, low- to high-resource';
    expect(repairHyphenation(text)).toBe(text);
  });

  it('keeps the hyphen of compounds with a known prefix or tail', () => {
    expect(repairHyphenation('a non- linear, self- supervised and model- based method')).toBe(
      'a non-linear, self-supervised and model-based method',
    );
  });

  it('keeps the hyphen after acronyms, digits and compounds already hyphenated', () => {
    expect(repairHyphenation('RL- based 3D- aware sim-to- real')).toBe(
      'RL-based 3D-aware sim-to-real',
    );
  });

  it('follows the spelling the abstract itself uses elsewhere', () => {
    expect(repairHyphenation('pre- training helps; pre-training is cheap')).toBe(
      'pre-training helps; pre-training is cheap',
    );
    expect(repairHyphenation('non- linear maps; nonlinear maps')).toBe(
      'nonlinear maps; nonlinear maps',
    );
  });

  it('leaves real hyphens, math and URLs alone', () => {
    const text = 'multi-task $x- y$ \\alpha- b https://a.org/x- y and V- Shaped';
    expect(repairHyphenation(text)).toBe(text);
  });
});

describe('normalizeAbstract', () => {
  it('repairs hyphenation split across a hard wrap', () => {
    expect(
      normalizeAbstract(['Prior work on multi-', 'task learning relies on ref-', 'erencing']),
    ).toBe('Prior work on multi-task learning relies on referencing');
  });

  it.each([
    [['Abstract: We propose a method.'], 'We propose a method.'],
    [['ABSTRACT. We propose a method.'], 'We propose a method.'],
    [['Abstract \u2014 We propose a method.'], 'We propose a method.'],
    [['Abstract - We propose a method.'], 'We propose a method.'],
    [['Abstract', 'We propose a', 'method.'], 'We propose a method.'],
    [['  abstract:', 'We propose a method.'], 'We propose a method.'],
  ])('drops the "Abstract" heading a copied abstract starts with (%#)', (lines, text) => {
    expect(normalizeAbstract(lines)).toBe(text);
  });

  it.each([
    'Abstract interpretation is a theory of sound approximation.',
    'Abstract-syntax trees are what we parse.',
    'Abstract:',
    'Abstract',
  ])('keeps "Abstract" when it is a word of the abstract or all there is: %s', (line) => {
    expect(normalizeAbstract([line])).toBe(line);
  });

  const body = 'We propose a sparse solver for the heat equation. It is 3× faster.';
  it.each([
    `${body} © 2023 Elsevier Ltd. All rights reserved.`,
    `${body} © 2022, The Author(s), under exclusive licence to Springer Nature Switzerland AG.`,
    `${body} Copyright © 2020 Elsevier Inc. All rights reserved.`,
    `${body} Copyright 2021 by the authors.`,
    `${body} (C) 2019 IEEE.`,
    `${body} © The Author(s) 2023. Published by Oxford University Press.`,
    `${body} This article is protected by copyright. All rights reserved.`,
    `${body} © 2021 IEEE. © 2021 ACM.`,
  ])('drops the copyright notice an export closes the abstract with (%#)', (text) => {
    expect(normalizeAbstract([text])).toBe(body);
  });

  it.each([
    'We study the © symbol and 2023 other marks in logos across ten thousand scanned trademarks.',
    'Three cases: (a) the convex one, (b) the smooth one. (c) 2023 samples break both rules here.',
    `© 2023 Elsevier Ltd. All rights reserved. ${body}`,
    `${body} Copyright law differs between the countries we study, and so do our results.`,
    // A red team's: each was cut, and four different papers merged into one.
    `${body} Copyright 2019 rulings in the EU, however, left the question open for a decade.`,
    `${body} © symbols in our tables mark licensed items; the others are public.`,
    `${body} This article is protected by copyright law in only some countries, as we show.`,
    `${body} (C) 2021 Census Data and two other sources show the same rise in every region.`,
  ])('keeps a © or "copyright" that is no closing notice (%#)', (text) => {
    expect(normalizeAbstract([text])).toBe(text);
  });
});
