import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nounPhrases, nounPhraseVocabulary, tagText } from '../../src/lib/text/nlp';
import {
  analyseText,
  isAcronymLike,
  isContentWord,
  isGenericWord,
  phraseKey,
  splitSentences,
  stripAcronymPlural,
  wordKey,
} from '../../src/lib/text/terms';
import { sentenceSpans, splitSpans } from '../../src/lib/text/sentences';

const words = (text: string) => analyseText(text).words.map((word) => word.text);
const keys = (text: string) => analyseText(text).words.map(wordKey);
const content = (text: string) =>
  analyseText(text)
    .words.filter(isContentWord)
    .map((word) => word.text);

describe('splitSentences', () => {
  it('splits at full stops before a capital, not after e.g. or i.i.d.', () => {
    const text = 'We use priors (e.g., PCA) on i.i.d. data. The results hold. Finally, we stop.';
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual([
      'We use priors (e.g., PCA) on i.i.d. data.',
      'The results hold.',
      'Finally, we stop.',
    ]);
  });

  it('splits where the dump lost the space after a full stop', () => {
    expect(splitSentences('accelerating chemical science.With LLMs, we plan.')).toHaveLength(2);
  });

  it('keeps each sentence at its offsets in the text', () => {
    const text = 'First one.  Second one!';
    for (const sentence of splitSentences(text)) {
      expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
    }
  });
});

it('reads a text without terminators, or with one at its end, as one sentence, as the Unicode rules do', () => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  for (const text of [
    '  diffusion models for protein design\t',
    'a (b) "c" 3-4 x+y',
    '   ',
    '',
    'We propose a method for protein design.',
    ' Does it scale? ',
    'It reads "as said." ',
    'See the appendix (in part B.)',
    'Scale matters!)]\t',
  ]) {
    const expected = [...segmenter.segment(text)]
      .map(({ segment, index }) => ({ trimmed: segment.trim(), index, segment }))
      .filter(({ trimmed }) => trimmed !== '')
      .map(({ trimmed, index, segment }) => ({
        text: trimmed,
        start: index + segment.indexOf(trimmed),
        end: index + segment.indexOf(trimmed) + trimmed.length,
      }));
    expect(splitSentences(text)).toEqual(expected);
  }
  // The shortcut gives what the segmenter and its repairs give, on texts built from pieces
  // around a final terminator.
  const piece = (choices: string[]) => fc.array(fc.constantFrom(...choices), { maxLength: 6 });
  fc.assert(
    fc.property(
      piece(['ab', ' ', '"c"', '(d)', '\t', "e's", 'F', 'e.g.', 'é']),
      fc.constantFrom('.', '!', '?', ''),
      piece([')', ']', '"', "'", ' ', '\t', '\u00a0']),
      (body, terminator, end) => {
        const text = `${body.join('')}${terminator}${end.join('')}`;
        expect(sentenceSpans(text)).toEqual(splitSpans(text));
      },
    ),
    { numRuns: 1000 },
  );
  // A line break or a terminator before the end still splits.
  expect(splitSentences('Why scale? Because data\nNext line')).toHaveLength(3);
  expect(splitSentences('It works. Mostly.')).toHaveLength(2);
  expect(splitSentences('e.g. this one.')).toHaveLength(1);
});

describe('analyseText', () => {
  it('keeps hyphenated compounds and model names whole, without possessives', () => {
    expect(words("Qwen2.5-VL-7B's multi-task learning (MTL).")).toEqual([
      'Qwen2.5-VL-7B',
      'multi-task',
      'learning',
      'MTL',
    ]);
  });

  it('knows each word’s sentence and its pieces', () => {
    const [first, second] = analyseText('Sim-to-real works. RL fails.').words.filter(
      (word) => word.text !== 'works',
    );
    expect(first!.parts.map((part) => part.text)).toEqual(['Sim', 'to', 'real']);
    expect(second!.sentence).toBe(1);
  });

  it('finds no words inside URLs', () => {
    expect(
      words('Code at https://github.com/apple/ml-selfreflect and www.example.org today.'),
    ).toEqual(['Code', 'at', 'and', 'today']);
    expect(words('See HTTP://Example.org/x or WWW.Site.com now.')).toEqual(['See', 'or', 'now']);
  });

  it('leaves a possessive out of the word, its last part and their offsets', () => {
    const text = "The multi-task model’s loss and GPT-4o's outputs.";
    const found = analyseText(text).words.filter(
      (word) => word.parts.length > 1 || word.key !== 'the',
    );
    const model = found.find((word) => word.text.startsWith('model'))!;
    expect(model.text).toBe('model');
    expect(text.slice(model.start, model.end)).toBe('model');
    expect(model.parts.map((part) => [part.text, text.slice(part.start, part.end)])).toEqual([
      ['model', 'model'],
    ]);
    const gpt = found.find((word) => word.text.startsWith('GPT'))!;
    expect(gpt.parts.map((part) => part.text)).toEqual(['GPT', '4o']);
    expect(gpt.key).toBe(`GPT-${gpt.parts[1]!.key}`);
    expect(text.slice(gpt.parts[1]!.start, gpt.parts[1]!.end)).toBe('4o');
  });
});

describe('term keys', () => {
  it('give plurals and case variants of a word the same key (Porter stems)', () => {
    expect(keys('diffusion models')).toEqual(keys('Diffusion model'));
    expect(keys('optimization')).toEqual(keys('optimizing'));
  });

  it('keep acronyms by case, without their plural s', () => {
    expect(keys('LLMs LLM DRAs')).toEqual(['LLM', 'LLM', 'DRA']);
    expect(keys('RL')).not.toEqual(keys('rl'));
  });

  it('treat inner capitals as acronyms or names, a sentence capital as a word', () => {
    expect(isAcronymLike('scRNA')).toBe(true);
    expect(isAcronymLike('TreeBench')).toBe(true);
    expect(isAcronymLike('Offline')).toBe(false);
    expect(stripAcronymPlural('GNNs')).toBe('GNN');
    expect(stripAcronymPlural('bias')).toBe('bias');
  });
});

describe('stop words and generic words', () => {
  it('drops the stopword package’s English list and the function words it lacks', () => {
    expect(content('the model of its own via a novel approach')).toEqual(['model', 'approach']);
  });

  it('drops numbers and research rhetoric, keeps subject words', () => {
    expect(
      content('we propose 3 state-of-the-art methods that significantly outperform GNNs'),
    ).toEqual(['methods', 'GNNs']);
  });

  it('marks nouns every abstract uses as generic, not subject words', () => {
    const [method, results, affinity] = analyseText('method results affinity').words;
    expect(isGenericWord(method!)).toBe(true);
    expect(isGenericWord(results!)).toBe(true);
    expect(isGenericWord(affinity!)).toBe(false);
  });
});

describe('phraseKey', () => {
  it('compares phrases in lower case with single spaces, however they were spaced', () => {
    expect(phraseKey('Offline RL')).toBe('offline rl');
    expect(phraseKey('  Offline \t RL\n')).toBe('offline rl');
    expect(phraseKey('offline\u00a0RL')).toBe('offline rl');
    expect(phraseKey('offline rl')).toBe('offline rl');
  });
});

describe('tagText', () => {
  const posOf = (text: string, word: string) =>
    tagText(text)
      .flatMap((sentence) => sentence.tokens)
      .find((token) => token.text === word)?.pos;

  it('reads the verb of a relative clause, after a modal and after a sentence subject as a verb', () => {
    expect(posOf('We give a procedure that augments model updates with noise.', 'augments')).toBe(
      'VERB',
    );
    expect(posOf('We show that we can select matrices with orthogonal rows.', 'select')).toBe(
      'VERB',
    );
    expect(posOf('Our approach battles domain shift with an adversarial loss.', 'battles')).toBe(
      'VERB',
    );
  });

  it('reads a bare noun between "be" and "to" as an adjective', () => {
    expect(posOf('These updates are equivalent to the Kalman filter updates.', 'equivalent')).toBe(
      'ADJ',
    );
  });

  it('reads a hyphenated compound between an article or adjective and a noun as an adjective', () => {
    expect(posOf('We introduce a latent plug-and-play diffusion framework.', 'plug-and-play')).toBe(
      'ADJ',
    );
  });

  it('leaves plural nouns that end a noun group alone', () => {
    // "goals" is followed by a noun here but is no sentence's verb; "-ics" and "-ss" words are nouns.
    expect(posOf('Users adjust their search goals mid-conversation.', 'goals')).not.toBe('VERB');
    expect(posOf('We study a model that robotics labs use.', 'robotics')).not.toBe('VERB');
    expect(posOf('This loss function is smooth.', 'loss')).not.toBe('VERB');
  });
});

describe('nounPhrases', () => {
  const phrases = (text: string) =>
    tagText(text).flatMap((sentence, i) => nounPhrases(sentence, i).map((p) => p.text));

  it('ends a phrase before a participle that names or describes its head', () => {
    expect(
      phrases('We use a randomized probability matching policy called Thompson sampling.'),
    ).toEqual(
      expect.arrayContaining(['randomized probability matching policy', 'Thompson sampling']),
    );
    expect(
      phrases('The conformal prediction method proposed leveraging privileged information.'),
    ).not.toContainEqual(expect.stringMatching(/proposed/));
    expect(phrases('Existing methods relying on labels fail on data points having noise.')).toEqual(
      expect.arrayContaining(['Existing methods', 'data points']),
    );
    expect(phrases('We study deep reinforcement learning agents.')).toContain(
      'deep reinforcement learning agents',
    );
    // A participle that modifies the next noun stays inside: "resource constrained inference".
    expect(phrases('We serve resource constrained inference systems.')).toContain(
      'resource constrained inference systems',
    );
  });
});

describe('nounPhraseVocabulary', () => {
  it('reads a word as the abstract introduces it: first used as a verb, it starts no phrase', () => {
    const later = 'A train of thought helps. The train station is old.';
    const verbFirst = nounPhraseVocabulary(tagText(`We train large models on text. ${later}`));
    const nounFirst = nounPhraseVocabulary(tagText(`The train carries data. ${later}`));
    expect(verbFirst).not.toContain('train');
    expect(verbFirst).not.toContain('train station');
    expect(nounFirst).toContain('train');
    expect(nounFirst).toContain('train station');
  });
});
