/**
 * Contribution statements: the sentences where the authors say what they did ("we propose…",
 * "this paper introduces…", "we show that…"), with the verb's class and the words after it.
 */

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const COORDINATED_WORD = /^\s+(?:and|or)\s+(\p{L}+)/u;

/** What a verb says the paper does: makes something, reports a finding, or carries out a study. */
export type VerbClass = 'artifact' | 'finding' | 'activity' | 'release';

interface VerbInfo {
  verbClass: VerbClass;
  /** How strongly a sentence with this verb states the paper's contribution. */
  weight: number;
  /** The -ing form, for titles like "Revisiting the design of…". */
  gerund: string;
}

/** [base form, class, weight] for every verb a contribution statement is recognised by. */
const VERBS: readonly (readonly [string, VerbClass, number])[] = [
  ['introduce', 'artifact', 4],
  ['propose', 'artifact', 4],
  ['present', 'artifact', 4],
  ['develop', 'artifact', 4],
  ['contribute', 'artifact', 4],
  ['construct', 'artifact', 4],
  ['design', 'artifact', 4],
  ['build', 'artifact', 4],
  ['create', 'artifact', 4],
  ['devise', 'artifact', 4],
  ['curate', 'artifact', 4],
  ['provide', 'artifact', 3],
  ['release', 'release', 1],
  ['show', 'finding', 2],
  ['prove', 'finding', 2],
  ['demonstrate', 'finding', 2],
  ['find', 'finding', 2],
  ['argue', 'finding', 2],
  ['observe', 'finding', 2],
  ['establish', 'finding', 2],
  ['reveal', 'finding', 2],
  ['discover', 'finding', 2],
  ['study', 'activity', 2],
  ['investigate', 'activity', 2],
  ['analyze', 'activity', 2],
  ['analyse', 'activity', 2],
  ['revisit', 'activity', 2],
  ['examine', 'activity', 2],
  ['explore', 'activity', 2],
  ['characterize', 'activity', 2],
  ['characterise', 'activity', 2],
  ['cast', 'activity', 2],
  ['tackle', 'activity', 2],
  ['address', 'activity', 2],
  ['identify', 'activity', 2],
  ['formalize', 'activity', 2],
  ['quantify', 'activity', 2],
  ['uncover', 'activity', 2],
  ['consider', 'activity', 1],
];

/** Irregular past forms; everything else follows the regular spelling rules below. */
const IRREGULAR_PAST: Record<string, string> = {
  build: 'built',
  find: 'found',
  cast: 'cast',
  show: 'shown',
};

const VERB_FORMS: ReadonlyMap<string, VerbInfo> = new Map(
  VERBS.flatMap(([base, verbClass, weight]) => {
    const info: VerbInfo = { verbClass, weight, gerund: gerundOf(base) };
    return inflections(base).map((form) => [form, info] as const);
  }),
);

function gerundOf(base: string): string {
  if (base.endsWith('e') && !base.endsWith('ee')) return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}

function inflections(base: string): string[] {
  const consonantY = /[^aeiou]y$/.test(base);
  const third = consonantY
    ? `${base.slice(0, -1)}ies`
    : /(?:s|sh|ch|x)$/.test(base)
      ? `${base}es`
      : `${base}s`;
  const past =
    IRREGULAR_PAST[base] ??
    (consonantY ? `${base.slice(0, -1)}ied` : base.endsWith('e') ? `${base}d` : `${base}ed`);
  return [base, third, past, gerundOf(base)];
}

/** The verb's class and weight, or undefined when the word is not a contribution verb. */
export function contributionVerb(word: string): VerbInfo | undefined {
  return VERB_FORMS.get(word.toLowerCase());
}

/** What the authors call their own text: "this paper", "our work". */
const AUTHOR_NOUNS = ['paper', 'work', 'study', 'article', 'thesis', 'report'];

/**
 * The authors as a sentence's subject: "we", "this paper", "our work". The one pattern every
 * module that asks "do the authors say this?" builds on (names, summaries, contribution types).
 * Capitals are spelt out, not left to an `i` flag, so the source fits case-sensitive patterns too.
 */
export const AUTHORS = String.raw`\b(?:[Ww]e|(?:[Tt]his|[Oo]ur) (?:${AUTHOR_NOUNS.join('|')}))\b`;

/** {@link AUTHORS} as a test: does the text have the authors as a subject anywhere? */
export const AUTHORS_SUBJECT = new RegExp(AUTHORS, 'i');

const AUTHOR_WORD = new RegExp(`^(?:we|${AUTHOR_NOUNS.join('|')})$`, 'i');

/** The subject's last word when the authors are the subject: "we", or the "paper" of "this paper". */
export function isAuthorWord(word: string): boolean {
  return AUTHOR_WORD.test(word);
}

/**
 * The authors as subject and the three words after it, where the verb is looked for.
 * ASCII letters only: every verb and adverb looked for is ASCII, and such a pattern runs faster.
 */
const SUBJECT_AND_WORDS = new RegExp(
  String.raw`${AUTHORS}(\s+)([a-z]+)(?:(\s+)([a-z]+))?(?:(\s+)([a-z]+))?`,
  'gi',
);

/** Words that may stand between the subject and the verb ("we instead find", "we formally prove"). */
const ADVERB = /^(?:also|further|then|here|now|instead|first|thus|therefore|hence|[a-z]+ly)$/i;

/** Openers that announce the main contribution. */
const THESIS_OPENER =
  /^(?:in this (?:work|paper|study|article)|here\b|this (?:paper|work|study)|to (?:address|bridge|tackle|fill|close|overcome|solve|remedy|mitigate|alleviate|this end|that end|enable|study|fix|handle|resolve|lift)|overall|in summary|together|taken together|in short|in conclusion)/i;

/** Openers and phrases that mark a secondary contribution ("Furthermore, we also…"). */
const SECONDARY_OPENER =
  /^(?:furthermore|moreover|in addition|additionally|finally|lastly|second(?:ly)?|third(?:ly)?|also|besides|complementing this|(?:for|in) the (?:general|special|latter|former|remaining|subset) (?:case|setting|regime))\b/iu;
const SECONDARY_PHRASE = /\bwe (?:also|further|additionally)\b/i;

/** One sentence's contribution statement. */
export interface Statement {
  /** Position of the sentence among the abstract's sentences. */
  sentenceIndex: number;
  /** The verb as written, e.g. `proposes`. */
  verb: string;
  verbClass: VerbClass;
  /** The verb's -ing form, e.g. `revisiting`. */
  gerund: string;
  /** The words after the verb (after "and analyze" in "develop and analyze"). */
  object: string;
  /** How strongly the sentence states the paper's main contribution; higher is stronger. */
  weight: number;
  /** The sentence opens with "Furthermore", "Second", "Finally"…: not the main contribution. */
  secondary: boolean;
}

/** The sentence's first contribution statement, or null when it states none. */
export function findStatement(sentence: string, sentenceIndex: number): Statement | null {
  for (const match of sentence.matchAll(SUBJECT_AND_WORDS)) {
    const found = verbAmong(match);
    if (!found) continue;
    const object = skipSecondVerb(sentence.slice(found.end)).trim();
    const secondary = SECONDARY_OPENER.test(sentence) || SECONDARY_PHRASE.test(sentence);
    const bonus = THESIS_OPENER.test(sentence) ? 1 : 0;
    const weight = found.info.weight + bonus - (secondary ? 3 : 0);
    return { ...found.info, sentenceIndex, verb: found.verb, object, weight, secondary };
  }
  return null;
}

/** The first contribution verb among the words after the subject, past any adverbs before it. */
function verbAmong(match: RegExpMatchArray): { verb: string; info: VerbInfo; end: number } | null {
  const subject = match[0].length - match.slice(1).join('').length;
  let end = (match.index ?? 0) + subject;
  for (let group = 1; group < match.length; group += 2) {
    const space = match[group];
    const word = match[group + 1];
    if (space === undefined || word === undefined) return null;
    end += space.length + word.length;
    const info = contributionVerb(word);
    if (info) return { verb: word, info, end };
    if (!ADVERB.test(word)) return null;
  }
  return null;
}

/** "develop and analyze an algorithm" → "an algorithm". */
function skipSecondVerb(rest: string): string {
  const second = COORDINATED_WORD.exec(rest);
  if (second && contributionVerb(second[1] ?? '')) return rest.slice(second[0].length);
  return rest;
}

/** The last call's sentences and answer: titles, topics and keywords all ask about one abstract. */
let lastStatements: { sentences: readonly string[]; statements: readonly Statement[] } | null =
  null;

/** Every sentence's statement, in order (sentences without one are left out). */
export function findStatements(sentences: readonly string[]): readonly Statement[] {
  const last = lastStatements;
  if (
    last?.sentences.length === sentences.length &&
    last.sentences.every((sentence, index) => sentence === sentences[index])
  ) {
    return last.statements;
  }
  const statements = Object.freeze(
    sentences
      .map((sentence, index) => findStatement(sentence, index))
      .filter((statement): statement is Statement => statement !== null),
  );
  lastStatements = { sentences: [...sentences], statements };
  return statements;
}

/** The statement that best says what the paper contributes: the strongest, then the earliest. */
export function mainStatement(statements: readonly Statement[]): Statement | null {
  let best: Statement | null = null;
  for (const statement of statements) {
    if (!best || statement.weight > best.weight) best = statement;
  }
  return best;
}

/**
 * What a sentence does in the abstract, read from its structure (docs/naming.md, "Sentence
 * roles"): states the paper's contribution, reports an evaluation or result, or sets the scene
 * before the authors say anything.
 */
export type SentenceRole = 'background' | 'contribution' | 'result' | 'other';

/**
 * A report of an evaluation: its subject is the experiments or results ("Experiments on … show",
 * "Our empirical results demonstrate", "Numerical simulations confirm"), or the authors evaluate,
 * compare, test or validate ("We evaluate X on…", "We conduct experiments", "Empirically, we…").
 */
const EVALUATION_REPORT =
  /^(?:(?:finally|moreover|furthermore|in addition|additionally|overall|lastly|empirically|experimentally|numerically|then|also|further),?\s+)?(?:(?:our|the|these|extensive|comprehensive|thorough|empirical|numerical|experimental|synthetic|real-world|large-scale|preliminary|simulation|benchmark|careful|detailed|several|various)\s+)*(?:experiments?|results?|evaluations?|simulations?|experimentation|empirical (?:studies|study|analysis|evaluation)|numerical (?:studies|study)|case stud(?:y|ies)|ablations?|benchmarks?|tests?)\b/i;
const AUTHORS_EVALUATE = new RegExp(
  String.raw`${AUTHORS}\s+(?:(?:also|further|then|empirically|experimentally|extensively|numerically|thoroughly|finally)\s+)?(?:evaluate|evaluated|compare|compared|test|tested|validate|validated|benchmark|benchmarked|conduct|conducted|perform|performed|run|ran|carry out|carried out|apply|applied|illustrate|illustrated|verify|verified|corroborate|corroborated|complement|complemented|support|supported|empirically)\b`,
  'i',
);
/**
 * A measured claim about the authors' method: "Our method improves clustering accuracy on…",
 * "The proposed estimator outperforms…", "Our approach achieves…" — what it scored, not what it is.
 */
const METHOD_SCORES =
  /^(?:(?:overall|moreover|furthermore|in addition|additionally|finally|empirically|experimentally|in experiments|in practice|on (?:\S+\s+){0,6}?(?:data(?:sets?)?|benchmarks?|tasks?)),?\s+)?(?:our|the proposed|the resulting|the new)\s+(?:[\w-]+\s+){0,3}?(?:consistently\s+|significantly\s+|substantially\s+|also\s+)?(?:improves|outperforms|achieves|surpasses|attains|reduces|matches|beats|exceeds|yields|obtains|demonstrates|shows|delivers|reaches)\b/i;
const OPENS_EMPIRICALLY =
  /^(?:empirically|experimentally|numerically|in experiments|on (?:\S+\s+){0,6}(?:datasets?|benchmarks?|tasks?))\b/i;

/**
 * Each sentence's role: `contribution` for a sentence with a statement that is not an evaluation,
 * `result` for a report of an evaluation, `background` for a sentence before the authors' first
 * statement in which the authors are not the subject, `other` otherwise.
 */
export function sentenceRoles(
  sentences: readonly string[],
  statements: readonly Statement[] = findStatements(sentences),
): SentenceRole[] {
  const statementAt = new Set(statements.map((s) => s.sentenceIndex));
  const firstStatement = statements[0]?.sentenceIndex ?? sentences.length;
  return sentences.map((sentence, index) => {
    const text = sentence.trim();
    if (
      EVALUATION_REPORT.test(text) ||
      AUTHORS_EVALUATE.test(text) ||
      OPENS_EMPIRICALLY.test(text) ||
      METHOD_SCORES.test(text)
    )
      return 'result';
    if (statementAt.has(index)) return 'contribution';
    if (index < firstStatement && !AUTHORS_SUBJECT.test(text)) return 'background';
    return 'other';
  });
}
