import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAcronyms } from '../../src/lib/text/acronyms';
import {
  countOccurrences,
  displayTerm,
  extractTerms,
  keyOf,
  occurrencePattern,
  packTerms,
  selectKeywords,
  TermStatistics,
  unpackTerms,
  type Term,
} from '../../src/lib/enrich/keywords';
import { mainStatementSentence, phrasesOf } from '../../src/lib/enrich/enrich';
import { splitSentences } from '../../src/lib/text/sentences';
import { analyseText, GENERIC_STEMS, RHETORIC, STOP_WORDS } from '../../src/lib/text/terms';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

const papers = loadSeedPapers();
const statistics = new TermStatistics();
const termsBySlug = new Map<string, Term[]>();
for (const paper of papers) {
  const analysed = analyseText(paper.plainText);
  const terms = extractTerms(analysed, findAcronyms(paper.plainText), phrasesOf(paper));
  statistics.add(terms, analysed);
  termsBySlug.set(paper.slug, terms);
}

function keywordsOf(fragment: string): string[] {
  const paper = seedContaining(papers, fragment);
  return selectKeywords(termsBySlug.get(paper.slug)!, paper.plainText, statistics, {
    name: paper.name,
    title: paper.title,
    statement: mainStatementSentence(splitSentences(paper.plainText)),
  });
}

describe('extractTerms', () => {
  const text =
    'Diffusion models denoise. Latent diffusion models are fast. ' +
    'Multi-task learning (MTL) groups tasks; MTL gains vary. Synaptic plasticity matters. ' +
    'Synaptic plasticity rules.';
  const terms = extractTerms(analyseText(text), findAcronyms(text));
  const term = (phrase: string) => terms.find((candidate) => candidate.key === keyOf(phrase));

  it('counts words and phrases by stem, whatever their case and number', () => {
    expect(term('diffusion model')?.count).toBe(2);
    expect(term('latent diffusion models')?.count).toBe(1);
  });

  it('counts an acronym’s expansion as the acronym', () => {
    expect(term('MTL')).toMatchObject({ count: 3, acronym: { long: 'multi-task learning' } });
    expect(term('multi-task learning')?.expands).toBe('MTL');
  });

  it('marks a word that only occurs inside one phrase', () => {
    expect(term('synaptic')?.dominated).toBe(true);
    expect(term('synaptic plasticity')?.dominated).toBeUndefined();
  });

  it('never builds a phrase across punctuation, stop words or rhetoric', () => {
    expect(term('denoise latent')).toBeUndefined();
    expect(term('gains vary')).toBeUndefined();
  });
});

describe('extractTerms and fixed expressions', () => {
  it('takes no term from "in addition", "at hand" or "of interest", but keeps the nouns elsewhere', () => {
    const text =
      'In addition, the task at hand is of interest. The addition of noise helps. ' +
      'Hand pose estimation is hard.';
    const keys = extractTerms(analyseText(text)).map((t) => t.key);
    expect(keys).toContain(keyOf('addition'));
    expect(keys).toContain(keyOf('hand pose estimation'));
    const counts = new Map(extractTerms(analyseText(text)).map((t) => [t.key, t.count]));
    expect(counts.get(keyOf('addition'))).toBe(1);
    expect(counts.has(keyOf('interest'))).toBe(false);
  });
});

describe('extractTerms given the noun phrases', () => {
  const text = 'Sparse attention (SA) is fast. We propose sparse attention for long inputs.';
  const analysed = analyseText(text);
  const acronyms = findAcronyms(text);
  const phrases = new Set(['sparse attention', 'long inputs', 'inputs', 'attention']);
  const marked = extractTerms(analysed, acronyms, phrases);
  const spelled = (term: Term) => text.slice(term.start, term.end);

  it('marks the terms that are no noun phrase, never an acronym', () => {
    const notPhrases = marked.filter((term) => term.notPhrase).map(spelled);
    expect(notPhrases).toContain('long');
    expect(notPhrases).not.toContain('long inputs');
    expect(notPhrases).not.toContain('sparse attention');
    expect(notPhrases).not.toContain('SA');
  });

  it('marks nothing without them, and the mark survives packing', () => {
    expect(extractTerms(analysed, acronyms).some((term) => term.notPhrase)).toBe(false);
    const statistics = new TermStatistics();
    const packed = packTerms(marked, statistics.add(marked, analysed), acronyms);
    const unpacked = unpackTerms(packed, statistics, acronyms);
    expect(unpacked.map((term) => term.notPhrase ?? false)).toEqual(
      marked.map((term) => term.notPhrase ?? false),
    );
  });
});

describe('selectKeywords on the seed abstracts', () => {
  it('finds the ETAP paper’s concepts, its acronym and its expansion', () => {
    const keywords = keywordsOf('Ensemble Task Affinity Predictor');
    expect(keywords).toEqual(expect.arrayContaining(['multi-task learning', 'MTL', 'ETAP']));
    expect(keywords.some((keyword) => keyword.includes('affinity'))).toBe(true);
  });

  it('shows terms as written, with a capital that only starts a sentence lowered', () => {
    expect(keywordsOf('contrastive preference learning')).toEqual(
      expect.arrayContaining(['offline RL', 'contrastive preference learning']),
    );
    expect(keywordsOf('JanusVLN')).toEqual(
      expect.arrayContaining(['Vision-and-Language Navigation', 'VLN']),
    );
    expect(keywordsOf('Bellman loss')).toContain('Bellman loss');
  });

  it('gives every seed 5 to 10 keywords, none a stop word, rhetoric or a generic word', () => {
    for (const paper of papers) {
      const keywords = selectKeywords(termsBySlug.get(paper.slug)!, paper.plainText, statistics, {
        name: paper.name,
        title: paper.title,
      });
      expect(keywords.length, paper.slug).toBeGreaterThanOrEqual(5);
      expect(keywords.length, paper.slug).toBeLessThanOrEqual(10);
      const words = keywords.filter((keyword) => !/\s/.test(keyword) && !/^[A-Z]+$/.test(keyword));
      for (const keyword of words) {
        const lower = keyword.toLowerCase();
        expect(STOP_WORDS.has(lower) || RHETORIC.has(lower), keyword).toBe(false);
        expect(GENERIC_STEMS.has(keyOf(keyword)), keyword).toBe(false);
      }
      for (const generic of ['method', 'results', 'propose', 'approach', 'novel', 'paper']) {
        expect(
          keywords.map((keyword) => keyword.toLowerCase()),
          paper.slug,
        ).not.toContain(generic);
      }
    }
  });

  it('never lists two spellings of one term', () => {
    for (const paper of papers) {
      const keywords = selectKeywords(termsBySlug.get(paper.slug)!, paper.plainText, statistics);
      const stems = keywords.map(keyOf);
      expect(new Set(stems).size, `${paper.slug}: ${keywords.join(', ')}`).toBe(stems.length);
    }
  });
});

describe('displayTerm', () => {
  it('lowers a sentence capital only for words the corpus writes in lower case', () => {
    expect(displayTerm('Offline RL', statistics)).toBe('offline RL');
    expect(displayTerm('Bellman loss', statistics)).toBe('Bellman loss');
    expect(displayTerm('TreeBench', statistics)).toBe('TreeBench');
  });
});

describe('countOccurrences', () => {
  it('counts whole-word uses in any case, across spaces, with a plural s', () => {
    const text =
      'Large language models (LLMs): a large\u00a0Language  model, LARGE LANGUAGE MODELSx.';
    expect(countOccurrences(text, 'large language model')).toBe(2);
    expect(countOccurrences('the \u212Aernel and the kernels', 'kernel')).toBe(2);
    expect(countOccurrences('\u0345kernel kernel\u017f', 'kernel')).toBe(1);
  });

  it('counts what the matching pattern finds, on random texts and phrases', () => {
    // Characters where a hand-written match could drift from the pattern: case, the Kelvin sign
    // and the long s (they fold to k and s), U+0345 (a mark read as a letter), letters outside
    // the BMP and lone surrogates, Unicode spaces, digits, punctuation and an `s` to pluralise.
    const piece = fc.constantFrom(
      'k',
      'K',
      '\u212a',
      's',
      'S',
      '\u017f',
      'e',
      'rn',
      'el',
      'a-b',
      '1',
      '.',
      '(',
      ')',
      ' ',
      '  ',
      '\t',
      '\u00a0',
      '\u2009',
      '\n',
      '\u0345',
      '\u{1d400}',
      '\ud835',
      '\udc00',
      '\u00e9',
      'x',
      '$',
      '\\',
      '+',
      '[',
      '?',
    );
    const phrasePiece = fc.constantFrom(
      'k',
      'K',
      's',
      'e',
      'rn',
      'el',
      'a-b',
      '1',
      ' ',
      '.',
      '(',
      '\u00e9',
      '\t',
      '$',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.array(phrasePiece, { minLength: 1, maxLength: 6 }),
        fc.array(piece, { maxLength: 8 }),
        (textPieces, phrasePieces, lead) => {
          const phrase = phrasePieces.join('');
          // Phrases are usually in the text: put it there now and then, in another case.
          const text = [...lead, phrase.toUpperCase(), ...textPieces, phrase, ...textPieces].join(
            '',
          );
          expect(countOccurrences(text, phrase)).toBe(
            text.match(occurrencePattern(phrase))?.length ?? 0,
          );
        },
      ),
      { numRuns: 600 },
    );
  });
});
