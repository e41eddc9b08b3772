/**
 * What kind of contribution a paper makes (method, benchmark, dataset, theory, empirical study,
 * position), read from the abstract's wording, and whether it releases code.
 */
import type { ContributionType, Link } from '../schema';
import { AUTHORS, AUTHORS_SUBJECT } from '../text/statements';
import { splitSentences } from '../text/terms';

interface Signal {
  pattern: RegExp;
  weight: number;
  /** A cheap test a sentence must pass before the (slow) pattern runs. */
  hint?: RegExp;
}

/** "we introduce/propose/present ..." and the other ways authors state what they made. */
const MAKE = String.raw`${AUTHORS}\s+(?:\w+\s+)?(?:propose|introduce|present|develop|design|devise|contribute|construct|build|create|curate|collect|release|offer|establish)s?\s+`;
const PREPOSITION = String.raw`(?:for|of|on|in|to|with|that|which|from|by|at|as)\s`;
/** A word of a noun phrase, or a parenthesis inside it ("Iteration (MORNAVI) algorithm"). */
const PHRASE_WORD = String.raw`(?!${PREPOSITION})(?:["\u201c]?[\w-]+["\u201d]?|\([^)]*\)),?\s+`;
/** The noun phrase right after the verb: up to eight words, no preposition or clause in between. */
const NOUN_PHRASE = String.raw`(?:${PHRASE_WORD}){0,8}?`;
/** A coined name: a capital after a lower-case letter or digit (`vCache`, `SealQA`), or two capitals. */
const COINED_NAME = String.raw`(?:[\w-]*[a-z0-9][\w-]*[A-Z][\w-]*|[A-Z]{2,}[\w-]*)`;
/** The named artefact of an appositive: a coined name, a name in parentheses, or a made name. */
const NAMED = String.raw`(?:\b${COINED_NAME}(?:\s*\([^)]*\))?|[\w-]+\s*\(${COINED_NAME}\)|${MAKE}(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*(?:\s*\([^)]*\))?)`;
/** "SealQA, a challenge ...", "we propose Kaleidoscope, as the most comprehensive ...". */
const APPOSITIVE = String.raw`${NAMED},?\s+(?:as\s+)?(?:a|an|the)\s+(?:${PHRASE_WORD}){0,6}?`;

/**
 * `method` → `[Mm]ethods?`: nouns match whether or not a name capitalises them ("... Approach
 * (HEDRA)"), but not as the first word of a longer name ("the Tool Decathlon").
 */
function nouns(words: string[]): string {
  const alternatives = words.map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`);
  return String.raw`(?:${alternatives.join('|')})s?\b(?!\s+[A-Z][a-z])`;
}

const ARTIFACT = nouns([
  ...['method', 'model', 'framework', 'algorithm', 'approach', 'architecture', 'technique'],
  ...['module', 'pipeline', 'system', 'strategy', 'procedure', 'recipe', 'paradigm', 'estimator'],
  ...['objective', 'mechanism', 'solver', 'network', 'scheme', 'variant', 'agent', 'metric'],
  ...['engine', 'optimizer', 'policy', 'loss', 'layer', 'operator', 'tool', 'cache', 'learner'],
]);
const BENCHMARK = nouns(['benchmark', 'leaderboard']);
const TESTBED = nouns(['testbed', 'test suite', 'evaluation suite']);
const DATASET = String.raw`${nouns(['dataset', 'data set', 'corpus', 'corpora'])}(?! (?:generator|distillation))`;

const made = (noun: string) => new RegExp(MAKE + NOUN_PHRASE + noun);
const described = (noun: string) => new RegExp(APPOSITIVE + noun);
/** An apposition: "X, a ...", "X (Y), the ...", or a coined name right before "a"/"an". */
const APPOSITIVE_HINT = /[\w)],\s+(?:as\s+)?(?:an?|the)\s|[a-z0-9][A-Z][\w-]*\s+an?\s/;
/** "we introduce MMI-DD (Multi-modal ... Deepfake Dataset)": the noun inside the expansion. */
const expanded = (noun: string) =>
  new RegExp(String.raw`${MAKE}(?:the\s+)?[\w-]+\s*\((?:[^)]*\s)?${noun}\)`);
/** "we propose X Y Z (XYZ)" or "by proposing ... (SAGA)": a named artefact that is no benchmark. */
const NAMED_METHOD = new RegExp(
  String.raw`(?:${MAKE}|\b(?:proposing|introducing|developing)\s+)(?![^.]*\b(?:[Bb]enchmark|[Dd]ataset)s?\b)(?:(?:a|an|the)\s+)?(?:[A-Z][\w-]*\s+){1,8}\(${COINED_NAME}\)`,
);

/**
 * Each type's signals. A sentence adds the sum of the weights of the signals it matches (at most
 * MAX_PER_SENTENCE); a type is assigned when its total reaches MIN_SCORE. Weights say how
 * unambiguous a wording is: "we introduce X, a benchmark" (3) vs a lone "theoretically" (1).
 */
const SIGNALS: Record<ContributionType, Signal[]> = {
  method: [
    { pattern: made(ARTIFACT), weight: 2, hint: AUTHORS_SUBJECT },
    { pattern: described(ARTIFACT), weight: 2, hint: APPOSITIVE_HINT },
    { pattern: NAMED_METHOD, weight: 2, hint: /\(/ },
    {
      pattern: new RegExp(
        String.raw`\b(?:[Oo]ur|[Tt]he proposed|[Aa] novel|[Aa] new)\s+(?:[\w-]+\s+)?${ARTIFACT}`,
      ),
      weight: 1,
    },
    {
      pattern:
        /\b(?:outperform(?:s|ing)?|surpass(?:es|ing)?)\b[^.]{0,80}\b(?:baselines?|state[- ]of[- ]the[- ]art|prior|existing|previous)\b/i,
      weight: 1,
    },
  ],
  benchmark: [
    { pattern: made(BENCHMARK), weight: 3, hint: /benchmark|leaderboard/i },
    { pattern: described(BENCHMARK), weight: 3, hint: /benchmark|leaderboard/i },
    { pattern: expanded(BENCHMARK), weight: 3, hint: /benchmark|leaderboard/i },
    { pattern: made(TESTBED), weight: 2, hint: /testbed|test suite|evaluation suite/i },
    { pattern: described(TESTBED), weight: 2, hint: /testbed|test suite|evaluation suite/i },
    { pattern: /\b(?:no|lack of|lacks a|absence of)\b[^.]{0,60}\bbenchmarks?\b/i, weight: 1 },
    { pattern: /\bbenchmark (?:construction|design)\b/i, weight: 1 },
  ],
  dataset: [
    { pattern: made(DATASET), weight: 3, hint: /data ?set|corp/i },
    { pattern: described(DATASET), weight: 3, hint: /data ?set|corp/i },
    { pattern: expanded(DATASET), weight: 3, hint: /data ?set|corp/i },
    {
      pattern:
        /\b(?:human-annotated|manually annotated|annotated by|curated from|collected from|collected manually)\b|\b(?:containing|comprises|comprising|consisting of|consists of)\s+(?:over |more than |about )?[\d,.]+\s*(?:K|M|million|thousand)?\s+\w+/i,
      weight: 1,
    },
  ],
  theory: [
    { pattern: /\bwe (?:also )?(?:prove|derive)\b|\bwe theoretically\b/i, weight: 2 },
    { pattern: /\bwe (?:also )?(?:establish|characteri[sz]e)\b/i, weight: 1 },
    { pattern: /\b(?:theorem|provabl[ey]|provable)\b/i, weight: 1 },
    { pattern: /\bbounds?\b/i, weight: 1 },
    {
      pattern: /\b(?:theoretical|provable|statistical|performance|formal) guarantees?\b/i,
      weight: 1,
    },
    {
      pattern:
        /\b(?:sample complexity|minimax|converges? (?:at|with) (?:the|a) rate|convergence rate|(?:weakly|strongly) consistent|almost surely)\b/i,
      weight: 1,
    },
    {
      pattern:
        /\btheoretical(?:ly)? (?:analysis|results?|foundations?|framework|predictions?)\b|\btheoretically\b/i,
      weight: 1,
    },
  ],
  empirical: [
    {
      pattern:
        /\b(?:empirical|systematic|comprehensive|large-scale|controlled|first) (?:study|analysis|investigation)\b/i,
      weight: 2,
    },
    {
      pattern:
        /\b(?:this (?:paper|work|study)|we) (?:investigates?|examines?|studies|study|analy[sz]es?|revisits?)\b/i,
      weight: 1,
    },
    {
      pattern:
        /\b(?:our|these) (?:findings|analysis|results) (?:show|suggest|reveal|indicate|demonstrate|highlight|hold)\b|\bour findings\b/i,
      weight: 1,
    },
    {
      pattern: /\bwe (?:find|observe|reveal|demonstrate) that\b|\bwe (?:recall and )?document\b/i,
      weight: 1,
    },
    {
      pattern: /\bwe (?:validate|confirm|verify) empirically\b|\bour understanding of\b/i,
      weight: 1,
    },
    {
      pattern:
        /\b(?:controlled|quantitative) experiments\b|\bsystematic (?:evaluation|analysis)\b/i,
      weight: 1,
    },
  ],
  position: [
    { pattern: /\bposition paper\b|\bthis position\b/i, weight: 3 },
    {
      pattern: /\bwe argue\b|\bwe (?:call for|advocate|urge)\b|\bcall on the community\b/i,
      weight: 2,
    },
    { pattern: /\bas a community\b|\bwe should\b/i, weight: 1 },
  ],
};

/** One sentence cannot make a type on its own unless it says so outright. */
const MAX_PER_SENTENCE = 3;
/** Minimum signal score for a type; a lone weak phrase is not enough. */
const MIN_SCORE = 2;
/** The type of a paper whose wording matches no type: most abstracts describe a method. */
export const FALLBACK_TYPE: ContributionType = 'method';
const TYPE_ORDER = Object.keys(SIGNALS) as ContributionType[];

interface TypeScore {
  type: ContributionType;
  score: number;
  firstSentence: number;
}

function scoreType(type: ContributionType, sentences: string[]): TypeScore {
  let score = 0;
  let firstSentence = Number.POSITIVE_INFINITY;
  sentences.forEach((sentence, index) => {
    const matched = SIGNALS[type].filter(
      (signal) => (!signal.hint || signal.hint.test(sentence)) && signal.pattern.test(sentence),
    );
    if (matched.length === 0) return;
    const sum = matched.reduce((total, signal) => total + signal.weight, 0);
    score += Math.min(MAX_PER_SENTENCE, sum);
    firstSentence = Math.min(firstSentence, index);
  });
  return { type, score, firstSentence };
}

/**
 * The paper's contribution types, strongest first (ties: the one stated earlier). Never empty:
 * when no type reaches MIN_SCORE the best-scoring one is used, and with no signal at all the
 * paper is a method paper.
 */
export function contributionTypes(plainText: string): ContributionType[] {
  const sentences = splitSentences(plainText).map((sentence) => boundedForMatching(sentence.text));
  const scored = TYPE_ORDER.map((type) => scoreType(type, sentences)).sort(
    (a, b) =>
      b.score - a.score ||
      a.firstSentence - b.firstSentence ||
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type),
  );
  const strong = scored.filter((entry) => entry.score >= MIN_SCORE);
  if (strong.length > 0) return strong.map((entry) => entry.type);
  const best = scored[0];
  return best && best.score > 0 ? [best.type] : [FALLBACK_TYPE];
}

/** No real word is longer, and no stated contribution needs a longer sentence to be recognised. */
const MAX_WORD_CHARS = 64;
const MAX_SENTENCE_CHARS = 2_000;
const LONG_WORD = new RegExp(String.raw`[\w-]{${MAX_WORD_CHARS + 1},}`, 'g');

/**
 * The patterns above backtrack within a word and across a sentence, so a 50 KB "word" took 25 s:
 * cutting words and sentences to these lengths keeps every test linear in the abstract's length.
 */
function boundedForMatching(sentence: string): string {
  const bounded = sentence.slice(0, MAX_SENTENCE_CHARS);
  return hasLongWord(bounded)
    ? bounded.replace(LONG_WORD, (word) => word.slice(0, MAX_WORD_CHARS))
    : bounded;
}

/**
 * True when `text` has a run of more than MAX_WORD_CHARS `[\w-]` characters: one linear pass,
 * where LONG_WORD alone rescans every word from each of its letters (the costliest pattern here).
 */
export function hasLongWord(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const word =
      (code >= 0x61 && code <= 0x7a) || // a-z
      (code >= 0x41 && code <= 0x5a) || // A-Z
      (code >= 0x30 && code <= 0x39) || // 0-9
      code === 0x5f || // _
      code === 0x2d; // -
    run = word ? run + 1 : 0;
    if (run > MAX_WORD_CHARS) return true;
  }
  return false;
}

/** Wordings that say the authors release their code. */
const CODE_RELEASE: RegExp[] = [
  /\b(?:code|codes|implementations?|source code|codebase)\b[^.]{0,60}?\b(?:is|are|will be|has been|have been|be)\s+(?:made\s+)?(?:publicly\s+|freely\s+|openly\s+)?(?:available|released|open[- ]sourced|accessible|provided|published)\b/i,
  /\b(?:release|publish|open[- ]source|share|provide)[sd]?\s+(?:our|the|all)\s+(?:[\w-]+\s+){0,3}?(?:code|codebase|implementation|source code)\b/i,
  /\bopen[- ]sourc(?:ing|ed)\b|\b(?:provided|released|available) as open[- ]source\b/i,
  /\b(?:publicly|freely) available at\b|\bcode(?: and [\w ]+)?(?: is| are)? (?:available )?at https?:|\bcode:\s*https?:/i,
];

/** True when the paper links to code or says its code is (or will be) released. */
export function hasCode(plainText: string, links: readonly Link[]): boolean {
  return (
    links.some((link) => link.kind === 'code') ||
    CODE_RELEASE.some((pattern) => pattern.test(plainText))
  );
}
