import { describe, expect, it } from 'vitest';
import { acronymPath } from '../../src/lib/site/urls';
import {
  buildGlossary,
  GLOSSARY_PAGE_SIZE,
  letterIndex,
  type GlossaryPaper,
} from '../../src/lib/site/glossary';

const paper = (
  slug: string,
  plainText: string,
  acronyms: GlossaryPaper['acronyms'] = [],
): GlossaryPaper => ({
  slug,
  plainText,
  acronyms,
});

const corpus: GlossaryPaper[] = [
  paper('p1', 'Large language models (LLMs) are strong. LLM agents act.', [
    { short: 'LLMs', long: 'Large language models' },
  ]),
  paper('p2', 'We study reinforcement learning (RL) with LLM-based critics.', [
    { short: 'RL', long: 'reinforcement learning' },
  ]),
  paper('p3', 'Robot learning (RL) differs; RLHF is not RL-free. We tune LLMs.', [
    { short: 'RL', long: 'Robot Learning' },
  ]),
  paper('p4', 'A large-language model (LLM) is a large language model. Overall, all is well.', [
    { short: 'LLM', long: 'large-language model' },
  ]),
  paper('p5', 'Nothing relevant here: allrl, llm in lower case, rl too. A/B tests help.', []),
  paper('p6', 'We run A/B testing (A/B) online and Go (Go) games.', [
    { short: 'A/B', long: 'A/B testing' },
    { short: 'Go', long: 'Go' },
  ]),
];

describe('buildGlossary', () => {
  const glossary = buildGlossary(corpus);
  const entry = (short: string) => glossary.find((e) => e.short === short);

  it('lists every defined acronym once, singular, sorted by short form', () => {
    expect(glossary.map((e) => e.short)).toEqual(['A/B', 'Go', 'LLM', 'RL']);
  });

  it('merges expansions that differ only in case, hyphens or plural, most used first', () => {
    expect(entry('LLM')?.expansions).toEqual([
      { long: 'Large language models', definedBy: ['p1', 'p4'] },
    ]);
  });

  it('keeps different expansions of the same short form apart', () => {
    expect(entry('RL')?.expansions.map((e) => [e.long, e.definedBy])).toEqual([
      ['reinforcement learning', ['p2']],
      ['Robot Learning', ['p3']],
    ]);
  });

  it('links every paper that defines or mentions it as a word, plural or hyphenated, case kept', () => {
    expect(entry('LLM')?.papers).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(entry('LLM')?.mentionedBy).toEqual(['p2', 'p3']);
    // `RLHF` and lower-case `rl` are other words; `RL-free` contains RL.
    expect(entry('RL')?.papers).toEqual(['p2', 'p3']);
  });

  it('finds short forms with punctuation, but does not guess mentions of one-capital forms', () => {
    expect(entry('A/B')?.papers).toEqual(['p5', 'p6']);
    expect(entry('Go')?.papers).toEqual(['p6']);
  });

  it('gives every entry a distinct fragment id', () => {
    const ids = buildGlossary([
      paper('x', 'C/V (C/V) and C-V (C-V).', [
        { short: 'C/V', long: 'computer vision' },
        { short: 'C-V', long: 'cross validation' },
      ]),
    ]).map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^c-v(-2)?$/.test(id))).toBe(true);
    expect(glossary.map((e) => e.id)).toEqual(['a-b', 'go', 'llm', 'rl']);
  });

  it('is empty for a corpus that defines nothing', () => {
    expect(buildGlossary([paper('p', 'LLM and RL everywhere.')])).toEqual([]);
  });
});

describe('glossary pages', () => {
  const entries = (shorts: string[]) =>
    buildGlossary(
      shorts.map((short, i) => paper(`p${i}`, `x (${short})`, [{ short, long: `long ${short}` }])),
    );

  it('indexes the first entry of each letter, with anything but A–Z under #', () => {
    const glossary = entries(['3DGS', 'ABC', 'ACE', 'BERT', 'ÉCU']);
    expect(letterIndex(glossary)).toEqual([
      { letter: '#', href: '/glossary/#3dgs' },
      { letter: 'A', href: '/glossary/#abc' },
      { letter: 'B', href: '/glossary/#bert' },
      { letter: 'E', href: '/glossary/#ecu' },
    ]);
  });

  it('points a letter into the later page that holds its first entry', () => {
    const shorts = Array.from(
      { length: GLOSSARY_PAGE_SIZE + 5 },
      (_, i) => `A${String(i).padStart(4, '0')}`,
    );
    const glossary = entries([...shorts, 'BERT']);
    expect(letterIndex(glossary).at(-1)).toEqual({ letter: 'B', href: '/glossary/2/#bert' });
    expect(acronymPath('bert')).toBe('/glossary/acronym/bert/');
  });
});
