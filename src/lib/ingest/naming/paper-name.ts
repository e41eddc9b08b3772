/**
 * The paper's own name: the coined identifier the abstract introduces for its contribution
 * ("we propose ETAP (Ensemble Task Affinity Predictor), a …", "a tool called X", "… (DroPE)"),
 * never a baseline it beats or a model it evaluates.
 */
import { GENERIC_STEMS, stem, stripAcronymPlural } from '../../text/terms';
import {
  AUTHORS_ACT,
  findClaimedName,
  mostMentioned,
  scoredName,
  usedAsBaseline,
} from './claimed-name';
import { FIELD_PHRASE_BAGS, isFieldIdentifier } from './field-vocabulary';
import { textBag } from './headline';
import { withDescription, type ParsedName } from './description';
import {
  bareWord,
  countMentions,
  findLongForm,
  isCapitalisedWord,
  isCoinedIdentifier,
} from './identifiers';
import {
  AUTHORS_SUBJECT,
  contributionVerb,
  isAuthorWord,
  mainStatement,
  type Statement,
} from '../../text/statements';
import {
  endsWithPunctuation,
  isNameWord,
  isPhraseBreak,
  opensBracket,
  wordsOf,
  type Word,
} from './words';

/** A name and what the abstract says about it where it is introduced. */
export interface NameFinding {
  /** The short form as written, e.g. `MR-GPTQ`. */
  name: string;
  /** The sentence that introduces it. */
  sentenceIndex: number;
  /** The spelled-out form (`Micro-Rotated-GPTQ`), when the abstract gives one. */
  longForm: string | null;
  /** The description put next to it: "a scalable framework that…" from "ETAP (…), a scalable…". */
  appositive: string | null;
  /** The words right after the name's definition: "for TKG reasoning" after "… (HEDRA)". */
  continuation: string | null;
  /** How many times the abstract mentions it. */
  mentions: number;
  /** Given by a naming word: "which we call X", "a dataset called X", "dubbed X". */
  named?: boolean;
  /** Put by the authors beside what they made: "our method, X, …". */
  ours?: boolean;
  /**
   * The contribution statement this name belongs to when it is given in the next sentence: "we
   * introduce a new … algorithm. The Average-Constrained Policy Optimization (ACPO) algorithm is…".
   */
  namesStatement?: number;
}

/** A quick test that a sentence may introduce a name at all, before it is read word by word. */
const INTRODUCING_WORD =
  /\b(?:introduc|propos|present|develop|contribut|construct|design|build|built|creat|devis|curat|provid|releas|call|dub|name|term|coin|refer)/i;
/** Determiners skipped before a name: "we introduce the Tool Decathlon". */
const DETERMINER = /^(?:the|a|an|our)$/i;
/**
 * "(dubbed as Toolathlon)", "called ImageBeagle", "named Pose Prior Learner (PPL)", "referred to as
 * PARCv2".
 */
const NAMING_WORD = /^(?:called|dubbed|named|termed|coined|denoted|referred)$/i;
/**
 * The same said by the authors: "which we call AmbientGAN", "we term our method … (MGAN)", "which
 * we refer to as X".
 */
const NAMING_VERB = /^(?:call|dub|name|term|coin|refer)$/i;
/** What the authors name before the name: "we call it X", "we term our method X". */
const NAMED_OBJECT = /^(?:it|this|them|these|our|the|such)$/i;
/** Auxiliaries between the authors and their verb: "we are introducing", "we have developed". */
const AUXILIARY = /^(?:are|have|also|now|here)$/i;
/**
 * "Our algorithm, DFacTo, only requires…", "We present our benchmark, SportsMetrics, which…": the
 * authors' thing, then its name between commas, opening the sentence or right after a making verb
 * (never "we fine-tune our model, GPT-4, on…" or "in our experiments, ImageNet, CIFAR-10 and…");
 * a naming word may come before the name ("Our method, called DAGnosis, leverages…").
 */
const OUR_THING_NAMED =
  /(?:^|\s)[Oo]ur(?:\s+\p{Ll}[\p{L}-]*){1,3},\s+(?:(?:called|named|dubbed|termed)\s+)?(\S+),\s+(\S+)/u;
/** Words that open an appositive description: "SealQA, a challenge benchmark…". */
const APPOSITIVE_START = /^(?:a|an|the|as)$/i;
/** Quotes around a name (`called “GradEnFS”`). */
const QUOTES_AT_EDGES = /^["'“‘]+|["'”’]+$/gu;
/** The most words a name's long form or a name run may have. */
const MAX_RUN_WORDS = 12;
/** How many words after a verb are read when looking for the name it introduces. */
const OBJECT_WINDOW_WORDS = 30;

/** Names the sentence introduces, in the order it introduces them. */
export function introducedNames(
  sentence: string,
  sentenceIndex: number,
  text: string,
): NameFinding[] {
  const found = ourThingNamed(sentence, sentenceIndex, text);
  if (!INTRODUCING_WORD.test(sentence) || !AUTHORS_ACT.test(sentence))
    return withWeaker(found, sentence, sentenceIndex, text);
  const subjectAt = sentence.search(AUTHORS_ACT);
  const words = wordsOf(sentence, subjectAt);
  words.forEach((word, i) => {
    const viaVerb = isIntroducingVerb(words, i);
    const byAuthors = NAMING_VERB.test(word.bare) && words[i - 1]?.bare.toLowerCase() === 'we';
    const viaNaming = NAMING_WORD.test(word.bare) || byAuthors;
    if (!viaVerb && !viaNaming) return;
    // "We fine-tune our model, called Qwen2,": a naming word after a verb of use names what the
    // authors use, not what they make ("we propose a method called X", "a novel method termed X").
    if (viaNaming && !byAuthors && namesWhatIsUsed(words, i)) return;
    let from = i + 1;
    // "which we refer to as CompoundPiece", "a method referred to as EDISON".
    if (/^refer(?:red)?$/i.test(word.bare) && words[from]?.bare === 'to') from += 1;
    if (viaNaming && words[from]?.bare.toLowerCase() === 'as') from += 1;
    // "We propose and analyze a … method (Quartz)": the object follows the second verb.
    if (
      viaVerb &&
      words[from]?.bare.toLowerCase() === 'and' &&
      contributionVerb(words[from + 1]?.bare ?? '')
    )
      from += 2;
    if (byAuthors) from = afterNamedObject(words, from);
    const object = words.slice(from, from + OBJECT_WINDOW_WORDS);
    const parsed = coordinated(
      parseNameAt(sentence, object, viaNaming) ??
        // "a novel model called intra- and inter-attention network (IIANet)": after a naming
        // word other than "named" ("named entity recognition (NER)"), a plain long form names
        // the thing when the short form in brackets spells all of it.
        (viaNaming && !/^named$/i.test(word.bare) ? spelledLongForm(sentence, object) : null),
      sentence,
      text,
    );
    if (!parsed || found.some((f) => f.name === parsed.name)) return;
    const mentions = countMentions(text, parsed.name);
    // "a novel primal-dual method (Quartz)": a plain word in brackets must be said again.
    const plainInBrackets =
      parsed.named === true && parsed.longForm === null && !isCoinedIdentifier(parsed.name);
    if (plainInBrackets && mentions < 2) return;
    found.push({ ...parsed, sentenceIndex, mentions, named: viaNaming || parsed.named === true });
  });
  return withWeaker(found, sentence, sentenceIndex, text);
}

/**
 * Adds the weaker signals after what a making verb introduced: "we propose Double InfoGAN, the
 * first…" is `Double InfoGAN`, not the `InfoGAN` of "InfoGAN, the first…".
 */
function withWeaker(
  found: NameFinding[],
  sentence: string,
  sentenceIndex: number,
  text: string,
): NameFinding[] {
  const more = [
    ...proposedThingNamed(sentence, sentenceIndex, text),
    ...newThingNamed(sentence, sentenceIndex, text),
  ];
  const afterColon = namedAfterColon(sentence, text);
  if (afterColon) more.push({ ...afterColon, sentenceIndex });
  for (const f of more) if (!found.some((g) => g.name === f.name)) found.push(f);
  return found;
}

/** "…: the Vectorial Edges Covariates Stochastic Block Model (VEC-SBM).", ending the sentence. */
const COLON_DEFINITION = /:\s+(?:(?:the|a|an)\s+)?([^:;()]+?)\s+\(([^\s()]+)\)[.!]?$/u;

/**
 * "In this work, we study an extension of the SBM … that integrates edge covariates: the Vectorial
 * Edges Covariates Stochastic Block Model (VEC-SBM).": the authors' sentence ends by naming what it
 * described, after a colon, as a capitalised long form and the short form it spells, said again
 * later and never as a baseline; not in a sentence about what the authors use or evaluate.
 */
function namedAfterColon(
  sentence: string,
  text: string,
): Omit<NameFinding, 'sentenceIndex'> | null {
  if (!sentence.includes(':') || !sentence.includes(')') || !AUTHORS_SUBJECT.test(sentence))
    return null;
  const match = COLON_DEFINITION.exec(sentence.trimEnd());
  if (!match) return null;
  const [, longForm = '', short = ''] = match;
  if (!isCoinedIdentifier(short) || !isCapitalisedLongForm(longForm)) return null;
  if (findLongForm(short, longForm) === null) return null;
  const colonAt = match.index;
  const before = wordsOf(sentence.slice(0, colonAt), sentence.search(AUTHORS_SUBJECT));
  if (namesWhatIsUsed(before, before.length)) return null;
  const mentions = countMentions(text, short);
  if (mentions < 2 || usedAsBaseline(text, short)) return null;
  return { ...withDescription(sentence, short, longForm, sentence.length), mentions };
}

/**
 * "the proposed method InstructZero", "our CaRiNG method", "our framework X": a coined name the
 * authors mark as theirs by "our" or "the proposed" and a research noun, said at least twice and
 * never a field's shorthand (`our LLM agent`).
 */
const PROPOSED_THEN_NAME =
  /(?:^|\s)(?:[Oo]ur|[Tt]he proposed)\s+(?:\p{Ll}[\p{L}-]*\s+){0,2}?(\p{Ll}+)\s+([^\s,;:.()]+)/gu;
const PROPOSED_NAME_THEN = /(?:^|\s)(?:[Oo]ur|[Tt]he proposed)\s+([^\s,;:.()]+)\s+(\p{Ll}+)\b/gu;

/** Nouns for what a paper builds on rather than makes: "our BERT model", "our ViT backbone". */
const BUILT_ON = /^(?:models?|backbones?|encoders?|decoders?|agents?|networks?|policy|policies)$/;

function proposedThingNamed(sentence: string, sentenceIndex: number, text: string): NameFinding[] {
  const found: NameFinding[] = [];
  if (!sentence.includes('ur ') && !sentence.includes('proposed ')) return found;
  const consider = (name: string, noun: string, end: number) => {
    if (found.some((f) => f.name === name) || !GENERIC_STEMS.has(stem(noun))) return;
    if (BUILT_ON.test(noun)) return;
    // "We fine-tune our BERT model": what the authors use, not what they made.
    if (USE_VERB_IN_TEXT.test(sentence)) return;
    if (!isCoinedIdentifier(name) || stripAcronymPlural(name) !== name) return;
    if (isFieldIdentifier(name) || isCapitalisedWord(name)) return;
    const mentions = countMentions(text, name);
    if (mentions < 2 || usedAsBaseline(text, name)) return;
    found.push({
      ...withDescription(sentence, name, null, end),
      sentenceIndex,
      mentions,
      ours: true,
    });
  };
  for (const m of sentence.matchAll(PROPOSED_THEN_NAME)) {
    consider(m[2] ?? '', m[1] ?? '', (m.index ?? 0) + m[0].length);
  }
  for (const m of sentence.matchAll(PROPOSED_NAME_THEN)) {
    consider(m[1] ?? '', m[2] ?? '', (m.index ?? 0) + m[0].length);
  }
  return found;
}

/** Words that may join the capitalised words of a long form: "Dropping In Convolutions for …". */
const LONG_FORM_JOINER = /^(?:of|for|and|in|on|with|to|via|the|a|an|by|from|under)$/;

/**
 * A long form the authors coin: its first word and every other word capitalised or coined, save
 * the small words that join them ("Average-Constrained Policy Optimization"); never a lower-case
 * phrase of the field ("hierarchical clustering").
 */
function isCapitalisedLongForm(longForm: string): boolean {
  const words = longForm
    .replace(/["“”‘’]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const capital = (w: string) => /^[\p{Lu}\p{N}]/u.test(w);
  return (
    words.filter(capital).length >= 2 &&
    capital(words[0] ?? '') &&
    words.every((w) => capital(w) || LONG_FORM_JOINER.test(w))
  );
}

/**
 * "FooNet, a novel framework for…", "FooNet is a new benchmark…", "FooNet, the first benchmark
 * of…", "In this paper, FooNet is
 * proposed to…": a coined name the sentence itself calls new, or the subject of a present-tense
 * passive making verb (not "was proposed by [12]", not "has been introduced").
 */
/** What follows a name the sentence calls new: ", a novel …", " is a new …", ", the first …". */
const NEW_THING = /(?:,|\s+is)\s+(?:(?:a|an)\s+(?:novel|new)|the\s+first)\s/gu;
/** What follows a name made here and now: " is proposed", ") are introduced" (not "by [12]"). */
const PASSIVE_MADE =
  /\)?\s+(?:is|are)\s+(?:\p{Ll}+ly\s+)?(?:proposed|introduced|presented|developed)\b(?!\s+(?:by|in)\b)/gu;
/** The word that ends just before a position, and the word before it. */
const LAST_TWO_WORDS = /(?:(\S+)\s+)?\(?([^\s,;:()]+)$/u;

function newThingNamed(sentence: string, sentenceIndex: number, text: string): NameFinding[] {
  const isNew =
    sentence.includes(' new ') || sentence.includes('novel') || sentence.includes('first');
  const made = / (?:proposed|introduced|presented|developed)\b/.test(sentence);
  if (!isNew && !made) return [];
  const found: NameFinding[] = [];
  for (const pattern of [...(isNew ? [NEW_THING] : []), ...(made ? [PASSIVE_MADE] : [])]) {
    for (const m of sentence.matchAll(pattern)) {
      const at = m.index ?? 0;
      const last = LAST_TWO_WORDS.exec(sentence.slice(Math.max(0, at - 80), at));
      const name = bareWord(last?.[2] ?? '');
      if (found.some((f) => f.name === name) || !isCoinedIdentifier(name)) continue;
      // "Double InfoGAN, the first…": the end of a longer name, read where the name is introduced.
      if (isNameWord(bareWord(last?.[1] ?? ''))) continue;
      if (stripAcronymPlural(name) !== name || isFieldIdentifier(name)) continue;
      if (usedAsBaseline(text, name)) continue;
      found.push({
        ...withDescription(sentence, name, null, at + m[0].length),
        sentenceIndex,
        mentions: countMentions(text, name),
        named: true,
      });
    }
  }
  return found;
}

/**
 * "In this paper, we introduce a new … algorithm for … . The Average-Constrained Policy
 * Optimization (ACPO) algorithm is inspired by…": the sentence after a making statement opens with
 * the name of what it made, a capitalised long form and the short form it spells, then the same
 * head noun as the statement's object.
 */
const OPENS_WITH_DEFINITION = /^(?:The|This|Our)\s+([^()]+?)\s+\(([^\s()]+)\)\s+(\p{Ll}+)\b/u;

function namedInNextSentence(
  sentences: readonly string[],
  index: number,
  text: string,
): NameFinding[] {
  const sentence = sentences[index] ?? '';
  const previous = sentences[index - 1];
  if (!/^(?:The|This|Our)\s/.test(sentence) || !sentence.includes('(')) return [];
  const match = OPENS_WITH_DEFINITION.exec(sentence);
  if (!match || previous === undefined || !AUTHORS_SUBJECT.test(previous)) return [];
  const [whole, longForm = '', short = '', head = ''] = match;
  if (!isCoinedIdentifier(short) || !isCapitalisedLongForm(longForm)) return [];
  if (findLongForm(short, longForm) === null) return [];
  const words = wordsOf(previous);
  const verbAt = words.findIndex((_, i) => isIntroducingVerb(words, i));
  if (verbAt < 0 || !words.slice(verbAt + 1).some((w) => w.bare.toLowerCase() === head)) return [];
  return [
    {
      ...withDescription(sentence, short, longForm, whole.length - head.length - 1),
      sentenceIndex: index,
      mentions: countMentions(text, short),
      named: true,
      namesStatement: index - 1,
    },
  ];
}

/** Verbs of using or evaluating what exists: "we fine-tune a model called Qwen2". */
const USE_VERB =
  /^(?:use|uses|using|fine-tune|fine-tunes|fine-tuning|train|trains|evaluate|evaluates|compare|adopt|employ|apply)$/i;

/** {@link USE_VERB} anywhere in a sentence. */
const USE_VERB_IN_TEXT = new RegExp(
  `(?<![\\p{L}-])${USE_VERB.source.slice(1, -1)}(?![\\p{L}-])`,
  'iu',
);

/**
 * Whether the thing a naming word names is one the authors use, not one they make: a use verb
 * comes before it with nothing marking the thing as new ("novel", "new", "proposed").
 */
function namesWhatIsUsed(words: readonly Word[], i: number): boolean {
  for (let k = i - 1; k >= 0; k -= 1) {
    const bare = words[k]?.bare ?? '';
    if (/^(?:novel|new|proposed)$/i.test(bare)) return false;
    if (USE_VERB.test(bare)) return true;
  }
  return false;
}

/** A name said in the plural ("LeaPformers") and in the singular elsewhere: the singular. */
function singularOf(name: string, text: string): string {
  const singular = name.endsWith('s') ? name.slice(0, -1) : name;
  return singular !== name && countMentions(text, singular) > 0 ? singular : name;
}

/**
 * "we propose Learned Proportions (LeaP) and LeaPformers": two names joined by "and" as the
 * object; the paper is named by the one the abstract says more often (singular and plural
 * together), in the singular when the abstract uses it.
 */
function coordinated(parsed: ParsedName | null, sentence: string, text: string): ParsedName | null {
  const other = /^and\s+([^\s,;:.()]+)$/.exec(parsed?.continuation ?? '')?.[1] ?? '';
  if (!parsed || !isCoinedIdentifier(other)) return parsed;
  const said = (name: string) =>
    countMentions(text, name) +
    (name === singularOf(name, text) ? 0 : countMentions(text, singularOf(name, text)));
  if (said(other) <= said(parsed.name)) return parsed;
  const name = singularOf(other, text);
  return withDescription(sentence, name, null, sentence.indexOf(other) + other.length);
}

/** The name of {@link OUR_THING_NAMED}, if the sentence gives one. */
function ourThingNamed(sentence: string, sentenceIndex: number, text: string): NameFinding[] {
  const match = OUR_THING_NAMED.exec(sentence);
  const name = match?.[1] ?? '';
  if (!match || !isCoinedIdentifier(name)) return [];
  // Where "our" starts: the match opens with the space before it, unless at the start.
  const at = match.index + match[0].length - match[0].trimStart().length;
  const verb = /(\S+)\s+$/.exec(sentence.slice(0, at))?.[1] ?? '';
  const opens = at === 0;
  const made = contributionVerb(verb)?.verbClass === 'artifact';
  // "Experiments show that our model, dubbed InstructCV, performs…": a word that coins a name
  // says the authors named it, wherever the sentence mentions it, unless they say they use it
  // ("we fine-tune our model, dubbed X,"). Not "called" or "named", which also name what exists
  // ("our strongest baseline, called ColBERTv2,", "our earlier corpus, called Alpaca-52K,").
  const named =
    /,\s+(?:dubbed|termed)\s/.test(match[0]) && !USE_VERB_IN_TEXT.test(sentence.slice(0, at));
  // "…, ImageNet, CIFAR-10, and SVHN": a list, not a name.
  const next = match[2] ?? '';
  if ((!opens && !made && !named) || next === 'and' || isCoinedIdentifier(bareWord(next)))
    return [];
  const after = sentence.indexOf(',', match.index + match[0].indexOf(name));
  return [
    {
      ...withDescription(sentence, name, null, after),
      sentenceIndex,
      mentions: countMentions(text, name),
      ours: true,
    },
  ];
}

/** Past "it" or "our (proposed) method" in "we call it X", "we term our method X". */
function afterNamedObject(words: readonly Word[], from: number): number {
  const first = words[from];
  if (!first || !NAMED_OBJECT.test(first.bare)) return from;
  if (/^(?:it|this|them|these)$/i.test(first.bare) && !endsWithPunctuation(first.raw)) {
    return from + 1;
  }
  // "our method", "the proposed approach": lower-case words up to the name.
  let at = from + 1;
  while (
    at < from + 4 &&
    /^\p{Ll}/u.test(words[at]?.bare ?? '') &&
    !endsWithPunctuation(words[at]?.raw ?? '')
  )
    at += 1;
  return at > from + 1 && isNameWord(words[at]?.bare ?? '') ? at : from;
}

/**
 * A verb that makes something (`propose`, `introduce`…) said by the authors: the sentence's own
 * verb, or `to propose` / `by proposing` / `and introduce` later on. "a method proposed by [3]"
 * and "the recently introduced X" do not count.
 */
function isIntroducingVerb(words: readonly Word[], i: number): boolean {
  const word = words[i];
  const info = word ? contributionVerb(word.bare) : undefined;
  if (!word || !info || (info.verbClass !== 'artifact' && info.verbClass !== 'release'))
    return false;
  const previous = words[i - 1]?.bare.toLowerCase() ?? '';
  if (isAuthorWord(previous)) return true;
  if (AUXILIARY.test(previous) && isAuthorWord(words[i - 2]?.bare ?? '')) return true;
  if (/^(?:to|by)$/.test(previous)) return !/ed$/.test(word.bare);
  if (/^(?:and|then|also|further|first|here|instead)$/.test(previous)) return true;
  return /ly$/.test(previous) && isAuthorWord(words[i - 2]?.bare ?? '');
}

/** The name at the start of a verb's object: "the Webscale-RL pipeline", "a … Approach (HEDRA)". */
function parseNameAt(
  sentence: string,
  words: readonly Word[],
  afterNamingWord: boolean,
): ParsedName | null {
  let i = 0;
  while (i < words.length && DETERMINER.test(words[i]?.raw ?? '')) i += 1;
  const first = words[i];
  if (!first) return null;
  const run =
    isNameWord(first.bare) && !opensBracket(first.raw)
      ? parseNameRun(sentence, words, i, afterNamingWord)
      : null;
  // "named entity recognition (NER)": after "named", only a name-like word starts a name.
  if (run || afterNamingWord) return run;
  return parseAbbreviatedPhrase(sentence, words, i);
}

/** "SealQA, a…", "DeepResearch Bench, a…", "Segment Concept (SeC), a…", "Lens, a…". */
function parseNameRun(
  sentence: string,
  words: readonly Word[],
  start: number,
  afterNamingWord: boolean,
): ParsedName | null {
  const run: Word[] = [];
  for (let j = start; j < words.length && run.length < MAX_RUN_WORDS; j += 1) {
    const word = words[j];
    if (!word || opensBracket(word.raw) || !isNameWord(word.bare)) break;
    run.push(word);
    if (endsWithPunctuation(word.raw)) break;
  }
  const last = run.at(-1);
  // "we present GPT-4o's results": a possessive is about something, it does not name it.
  if (!last || /['’]s$/.test(run[0]?.bare ?? '')) return null;
  // `called “GradEnFS”.`, `(referred to as "AMDP")`: quotes around a name are not part of it,
  // whether the sentence's punctuation or the bracket that holds them comes after them.
  const runText = withoutUnpairedClose(
    sentence
      .slice(run[0]?.start ?? 0, last.end)
      .replace(/[,;:.!?\u2014]+$/, '')
      .replace(QUOTES_AT_EDGES, ''),
  ).replace(QUOTES_AT_EDGES, '');
  const next = words[start + run.length];
  if (next && opensBracket(next.raw) && !endsWithPunctuation(last.raw)) {
    return parseParenthetical(sentence, words, start + run.length, runText);
  }
  // "the MultiScale hypergraph for Trajectory Imputation and Prediction (MS-TIP)": the name word
  // starts a long form whose letters the short form spells; the short form wins.
  if (next && !endsWithPunctuation(last.raw)) {
    const spelled = shortFormAhead(sentence, words, start);
    if (spelled) return spelled;
  }
  if (afterNamingWord && next && !endsWithPunctuation(last.raw)) {
    const defined = definedShortForm(sentence, words, start, false);
    if (defined) return defined;
  }
  // "proposes “Extract and Generate” (EAG), a two-step approach": a capitalised long form run on
  // by a connective, then the short form whose letters it spells.
  // So does a list: "the Adaptive Skills, Adaptive Partitions (ASAP) framework".
  const runsOn =
    next !== undefined &&
    (endsWithPunctuation(last.raw)
      ? last.raw.endsWith(',') && isNameWord(next.bare)
      : isPhraseBreak(next.bare));
  if (!afterNamingWord && runsOn) {
    const defined = definedShortForm(sentence, words, start, true);
    if (defined) return defined;
  }
  const coinedHead = isCoinedIdentifier(run[0]?.bare ?? '');
  const introducedAsName =
    endsWithPunctuation(last.raw) && next !== undefined && APPOSITIVE_START.test(next.bare);
  if (!coinedHead && !introducedAsName && !afterNamingWord) return null;
  return withDescription(sentence, runText, null, last.end);
}

/**
 * A name without the closing bracket of the aside it was given in: "(dubbed IBD-PSC)" names
 * `IBD-PSC`; a bracket the name opens itself (`Tool(s)`) stays.
 */
function withoutUnpairedClose(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ')') {
    const inside = text.slice(0, end - 1);
    if ((inside.match(/\(/g)?.length ?? 0) > (inside.match(/\)/g)?.length ?? 0)) break;
    end -= 1;
  }
  return text.slice(0, end).replace(/[,;:.!?\u2014]+$/, '');
}

/** The bracket after a name run: `(Ensemble Task Affinity Predictor)`, `(MR-GPTQ)`, `(dubbed as X)`. */
function parseParenthetical(
  sentence: string,
  words: readonly Word[],
  openAt: number,
  runText: string,
): ParsedName | null {
  const open = words[openAt];
  if (!open) return null;
  const close = sentence.indexOf(')', open.start);
  if (close === -1) return null;
  const inner = sentence.slice(open.start + 1, close).trim();
  const after = close + 1;
  const renamed = /^(?:dubbed|called|named|termed)(?:\s+as)?\s+(.+)$/i.exec(inner);
  if (renamed) {
    const name = bareWord(renamed[1] ?? '');
    return isCoinedIdentifier(name) || isCapitalisedWord(name)
      ? withDescription(sentence, name, runText, after)
      : null;
  }
  const innerIsShort = !/\s/.test(inner) && isCoinedIdentifier(inner);
  if (innerIsShort && inner.length < runText.length) {
    return withDescription(sentence, inner, runText, after);
  }
  if (!/\s/.test(runText) && isCoinedIdentifier(runText)) {
    return withDescription(sentence, runText, inner, after);
  }
  return null;
}

/**
 * The short form a long form starting at `start` defines, when the short form's letters are
 * spelled from the long form's first word on (Schwartz–Hearst): "MultiScale hypergraph for
 * Trajectory Imputation and Prediction (MS-TIP)" → `MS-TIP`; not "GraphX for Trajectory
 * Imputation (TI)", whose `TI` spells only the end.
 */
function shortFormAhead(
  sentence: string,
  words: readonly Word[],
  start: number,
): ParsedName | null {
  for (let j = start + 1; j < words.length && j - start <= MAX_RUN_WORDS; j += 1) {
    const word = words[j];
    if (!word) return null;
    if (opensBracket(word.raw)) {
      const close = sentence.indexOf(')', word.start);
      const inner = close === -1 ? '' : sentence.slice(word.start + 1, close).trim();
      if (/\s/.test(inner) || !isCoinedIdentifier(inner)) return null;
      const longForm = sentence.slice(words[start]?.start ?? 0, words[j - 1]?.end ?? 0);
      if (findLongForm(inner, longForm) !== longForm) return null;
      return withDescription(sentence, inner, longForm, close + 1);
    }
    if (endsWithPunctuation(word.raw)) return null;
  }
  return null;
}

/**
 * "called Hierarchical User-Interest Tracking for Conversational Recommender System (HutCRS)": a
 * capitalised name run on by connectives, then the short form it is known by.
 */
function definedShortForm(
  sentence: string,
  words: readonly Word[],
  start: number,
  mustSpell: boolean,
): ParsedName | null {
  for (let j = start; j < words.length && j - start <= MAX_RUN_WORDS; j += 1) {
    const word = words[j];
    if (!word) return null;
    if (opensBracket(word.raw)) {
      const close = sentence.indexOf(')', word.start);
      const inner = close === -1 ? '' : sentence.slice(word.start + 1, close).trim();
      if (j === start || /\s/.test(inner) || !isCoinedIdentifier(inner)) return null;
      const longForm = sentence.slice(words[start]?.start ?? 0, words[j - 1]?.end ?? 0);
      // Without a naming word, only a short form spelled by the long form defines a name.
      if (mustSpell && findLongForm(inner, longForm) === null) return null;
      return withDescription(sentence, inner, longForm, close + 1);
    }
    // A comma may join the parts of a long form the short form must spell.
    const joined = mustSpell && word.raw.endsWith(',') && !/[;:.!?]/.test(word.raw);
    if (
      (endsWithPunctuation(word.raw) && !joined) ||
      !(isNameWord(word.bare) || isPhraseBreak(word.bare))
    )
      return null;
  }
  return null;
}

/** "a Heterogeneous Event … Approach (HEDRA)": a lowercase start, then a defined short form. */
function parseAbbreviatedPhrase(
  sentence: string,
  words: readonly Word[],
  start: number,
): ParsedName | null {
  for (let j = start; j < words.length && j - start < MAX_RUN_WORDS; j += 1) {
    const word = words[j];
    if (!word) return null;
    if (opensBracket(word.raw)) {
      const close = sentence.indexOf(')', word.start);
      const inner = close === -1 ? '' : sentence.slice(word.start + 1, close).trim();
      if (/\s/.test(inner)) return null;
      const phraseStart = words[start]?.start ?? word.start;
      // "a novel primal-dual method (Quartz)": a capitalised word in brackets right after what
      // the authors make names it, if the abstract says it again (introducedNames).
      if (!isCoinedIdentifier(inner)) {
        return j > start && isCapitalisedWord(inner) && inner.length >= 4
          ? { ...withDescription(sentence, inner, null, close + 1), named: true }
          : null;
      }
      const before = sentence.slice(phraseStart, word.start);
      const longForm = findLongForm(inner, before);
      if (!longForm) return null;
      // "a new algorithm called stochastically dominant confidence bound (SDCB)": named outright.
      const lead = before.slice(0, before.lastIndexOf(longForm)).trim().split(/\s+/);
      // "introduces a novel graph-based residual state update mechanism (REST) for…": the whole
      // object, marked new, is the authors' own thing, unless the field shares its long form.
      // So is the verb's whole object when nothing comes between: "we introduce data-regularised
      // environment design (DRED).", "we propose a physics-aware proxy model (PAPM) that…".
      const wholeObject = lead.every((w) => w === '' || DETERMINER.test(w));
      const novel =
        (lead.some((w) => NOVELTY.test(w)) || wholeObject) &&
        closesObject(sentence, close + 1) &&
        !FIELD_PHRASE_BAGS.has(textBag(longForm));
      const named = NAMING_WORD.test(lead.at(-1) ?? '') || novel;
      return { ...withDescription(sentence, inner, longForm, close + 1), named };
    }
    // "a novel model MISC, which…", "an embedding model PME based on…": the object's head noun,
    // then the name it goes by, then what it does.
    if (j > start && isNamedHead(words[j - 1], word, words[j + 1])) {
      return withDescription(sentence, word.bare, null, word.end);
    }
    // "We present a novel graph transformer framework, HAMLET, designed to…": the object, then
    // its name between commas.
    // "We introduce a method, MMD-B-Fair, to learn…": a one-word object after its article too.
    if ((j > start || start > 0) && /^\p{Ll}[\p{L}-]*,$/u.test(word.raw))
      return appositiveName(sentence, words, j + 1);
    if (isPhraseBreak(word.raw) || endsWithPunctuation(word.raw)) return null;
  }
  return null;
}

/** Adjectives that mark an object as the authors' own: "a novel …", "a new …". */
const NOVELTY = /^(?:novel|new)$/i;

/** What may follow a name that closes its noun phrase: a stop, a comma, a preposition, a clause. */
function closesObject(sentence: string, at: number): boolean {
  const next = /^\s*(\S*)/.exec(sentence.slice(at, at + 40))?.[1] ?? '';
  return next === '' || /^[,.;:]/.test(next) || isPhraseBreak(bareWord(next));
}

/**
 * The name between commas after an object ("a graph neural network, Graph2Tac, with…", "a
 * principled approach, CaRiNG, to learn…"), or a capitalised long form with the short form it
 * spells ("a novel approach, Dropping In Convolutions for Long Context Compression (LoCoCo)").
 * Never a list ("three datasets, MNIST, CIFAR-10 and…").
 */
function appositiveName(sentence: string, words: readonly Word[], at: number): ParsedName | null {
  const name = words[at];
  if (!name) return null;
  // "a novel algorithm, SPEED (Structured Policy Evaluation Experimental Design), that…": the
  // name, then the long form it abbreviates.
  const bracket = words[at + 1];
  if (isCoinedIdentifier(name.bare) && bracket && opensBracket(bracket.raw)) {
    const close = sentence.indexOf(')', bracket.start);
    const inner = close === -1 ? '' : sentence.slice(bracket.start + 1, close);
    return findLongForm(name.bare, inner) === null
      ? null
      : parseParenthetical(sentence, words, at + 1, name.bare);
  }
  if (isCoinedIdentifier(name.bare) && /^[^,]+,$/.test(name.raw)) {
    const next = words[at + 1]?.bare ?? '';
    if (/^(?:and|or)$/i.test(next) || isNameWord(next)) return null;
    return withDescription(sentence, name.bare, null, name.end);
  }
  if (isCapitalisedWord(name.bare) && !NOT_A_NAME_START.test(name.bare))
    return definedShortForm(sentence, words, at, true);
  // "we propose a new framework, edge enhanced graph neural network (EEGNN).": a plain long form
  // between the object and its short form, which spells all of it.
  return spelledLongForm(sentence, words.slice(at));
}

/**
 * Whether the short form's letters are the initials of the long form's words, the small joining
 * words aside: `EEGNN` for "edge enhanced graph neural network" (where the shortest spelling
 * {@link findLongForm} finds starts at "enhanced").
 */
function spelledByInitials(short: string, longForm: string): boolean {
  const letters = short.toLowerCase().replace(/[^\p{L}]/gu, '');
  const words = longForm.split(/\s+/).filter((w) => w && !LONG_FORM_JOINER.test(w));
  const initials = words.map((w) => w[0]!.toLowerCase()).join('');
  return letters.length >= 2 && initials === letters;
}

/**
 * A plain long form from the first word (after determiners) to a bracketed short form whose
 * letters spell all of it (Schwartz–Hearst, {@link findLongForm}): "the outlier detection via the
 * IM effect (ODIM)" → `ODIM`. The authors give it as a name: `named`.
 */
function spelledLongForm(sentence: string, words: readonly Word[]): ParsedName | null {
  let start = 0;
  while (start < words.length && DETERMINER.test(words[start]?.raw ?? '')) start += 1;
  for (let j = start + 1; j < words.length && j - start <= MAX_RUN_WORDS; j += 1) {
    const word = words[j]!;
    if (opensBracket(word.raw)) {
      const close = sentence.indexOf(')', word.start);
      const inner = close === -1 ? '' : sentence.slice(word.start + 1, close).trim();
      if (/\s/.test(inner) || !isCoinedIdentifier(inner) || !/^\p{Lu}/u.test(inner)) return null;
      const longForm = sentence.slice(words[start]!.start, words[j - 1]!.end);
      if (findLongForm(inner, longForm) !== longForm && !spelledByInitials(inner, longForm))
        return null;
      if (FIELD_PHRASE_BAGS.has(textBag(longForm))) return null;
      return { ...withDescription(sentence, inner, longForm, close + 1), named: true };
    }
    if (endsWithPunctuation(word.raw)) return null;
  }
  return null;
}

/** Capitalised words that open a clause, not a name: "…, We", "…, The". */
const NOT_A_NAME_START = /^(?:We|Our|The|This|These|It|A|An|In)$/;

/**
 * A coined word right after the kind of thing it names, closing the phrase: `model MISC, which`,
 * `model PME based on`, `framework GraphX that` (not `a novel GNN, which`, `comparing GPT-4,
 * Claude…`).
 */
function isNamedHead(kind: Word | undefined, word: Word, next: Word | undefined): boolean {
  if (!kind || !GENERIC_STEMS.has(stem(kind.bare))) return false;
  if (!isCoinedIdentifier(word.bare) || stripAcronymPlural(word.bare) !== word.bare) return false;
  const following = next?.bare ?? '';
  if (word.raw === `${word.bare},`) return /^(?:which|that|a|an|the)$/.test(following);
  // "…instance segmentation approach BlitzMask.": the name closes the sentence.
  if (word.raw === `${word.bare}.` && next === undefined) return true;
  return !endsWithPunctuation(word.raw) && /^(?:which|that|based)$/.test(following);
}

/** The first mention is in an earlier sentence: the thing existed before this paper. */
function mentionedBefore(sentences: readonly string[], finding: NameFinding): boolean {
  return sentences.slice(0, finding.sentenceIndex).some((s) => countMentions(s, finding.name) > 0);
}

/** Every name the abstract introduces for something of its own, in order. */
export function findIntroducedNames(sentences: readonly string[], text: string): NameFinding[] {
  return sentences
    .flatMap((sentence, index) => [
      ...introducedNames(sentence, index, text),
      ...namedInNextSentence(sentences, index, text),
    ])
    .filter((finding) => !mentionedBefore(sentences, finding));
}

/**
 * The paper's own name, or null. A name the first contribution statement introduces wins;
 * otherwise the most-mentioned name introduced anywhere (mentioned at least twice: a tool the
 * abstract names once in passing is not what the paper is about); otherwise one the main
 * statement gives by a naming word ("…which we call AmbientGAN"); otherwise a coined name the
 * authors define in passing and then make claims about ("…(DroPE). … DroPE yields…").
 */
export function findPaperName(
  sentences: readonly string[],
  statements: readonly Statement[],
  introduced: readonly NameFinding[],
  text: string,
): NameFinding | null {
  const finding = chooseName(sentences, statements, introduced, text);
  // "Temporal Convolutional Networks (TCNs)": the paper names one kind of model, `TCN`.
  return finding && { ...finding, name: stripAcronymPlural(finding.name) };
}

function chooseName(
  sentences: readonly string[],
  statements: readonly Statement[],
  introduced: readonly NameFinding[],
  text: string,
): NameFinding | null {
  const coined = introduced.filter(isCoinage);
  // "We also design … called PyQL. … we present a dataset called MarkQA": a statement the authors
  // mark as an aside ("also", "furthermore") is not their first contribution.
  const first =
    statements.find((s) => s.verbClass !== 'release' && !s.secondary) ??
    statements.find((s) => s.verbClass !== 'release');
  const inFirst = coined.filter(
    (f) =>
      first !== undefined &&
      (f.sentenceIndex === first.sentenceIndex || f.namesStatement === first.sentenceIndex),
  );
  // "an instruction-tuned Video Pretraining (VPT) model for Minecraft called STEVE-1": what a
  // naming word gives is the name; an acronym spelled out inside the object only modifies it.
  const namedInFirst = inFirst.find((f) => f.named) ?? inFirst[0];
  if (namedInFirst) return namedInFirst;
  const repeated = mostMentioned(coined.filter((f) => f.mentions >= 2));
  if (repeated) return repeated;
  // "Based on this, we propose a new method … which we call AmbientGAN": the main contribution,
  // named outright, though after other statements and said once.
  const main = mainStatement(statements);
  // "We explore how … We present SciMON, a modeling framework…": the object of the main making
  // verb, introduced by what it is, before the abstract states any finding (after one, it is a
  // side artifact: "we show that … We introduce the TinyChange benchmark as a way to…").
  const findingBefore = (f: NameFinding) =>
    statements.some((s) => s.verbClass === 'finding' && s.sentenceIndex < f.sentenceIndex);
  const namedInMain = coined.find(
    (f) =>
      f.sentenceIndex === main?.sentenceIndex &&
      (f.named || (f.appositive !== null && main.verbClass === 'artifact' && !findingBefore(f))),
  );
  if (namedInMain && main?.verbClass !== 'release') return namedInMain;
  // "Our method, CipherDAug, uses…": named by the authors as theirs, though said once.
  const ours = coined.find((f) => f.ours);
  if (ours) return ours;
  const claimed = findClaimedName(sentences, text);
  if (claimed && isCoinage(claimed)) return claimed;
  // Otherwise the coined identifier the evidence points to (claimed-name.ts, scoredName).
  const scored = scoredName(sentences, statements, text);
  if (scored && isCoinage(scored)) return scored;
  // "…we exploit … and propose EVEREST, a surprisingly efficient MVA approach…": the one coined
  // name the authors introduce by saying what it is, though no statement the reader found leads
  // to it; never one given after a finding, in an aside ("furthermore") or a release.
  // Only a coined word: a capitalised phrase ("Empirical Gap Elimination") may be a description,
  // and one ending on a plain word ("BNP-based") modifies something else.
  const statementIn = (f: NameFinding) =>
    statements.find((s) => s.sentenceIndex === f.sentenceIndex);
  const described = new Set(
    coined
      .filter(
        (f) =>
          (f.named || f.appositive !== null) &&
          !findingBefore(f) &&
          !statementIn(f)?.secondary &&
          statementIn(f)?.verbClass !== 'release',
      )
      .map((f) => f.name)
      .filter((name) => isCoinedIdentifier(name) && !/-\p{Ll}+$/u.test(name)),
  );
  return described.size === 1 ? (coined.find((f) => described.has(f.name)) ?? null) : null;
}

const MAX_NAME_WORDS = 3;

/**
 * Precision first: an acronym spelled out in lower case ("hierarchical clustering (HC)",
 * "differential privacy (DP)") names a concept of the field, not the authors' coinage; a word
 * whose capitals only mark letters of an expansion ("INductive") is not a name; a name with
 * several words must not contain an all-capital word beside plain ones ("META Learning") and has
 * at most three words.
 */
function isCoinage(finding: NameFinding): boolean {
  const { name, longForm } = finding;
  // "a novel task called Multi-Party Empathetic Dialogue Generation": four words make a phrase,
  // which the title can say; a coined name is at most three (`DeepResearch Bench`).
  if (name.split(' ').length > MAX_NAME_WORDS) return false;
  // "called stochastically dominant confidence bound (SDCB)": named outright, so the authors'.
  if (/^\p{Lu}{2,}s?$/u.test(name) && longForm && !/\p{Lu}/u.test(longForm) && !finding.named)
    return false;
  // "an INductive knowledge GRAph eMbedding method": two or three capitals that mark letters of an
  // expansion, unless the authors give it as a name ("Our method, called DAGnosis,"); four or
  // more are an acronym run into a capitalised word (`DNNLasso`).
  // Introduced as a thing of its own ("We present LLark, an instruction-tuned model…"), it is one;
  // so is the short form a long form defines ("Group-Aware transFormer (GAFormer)"): the letters
  // it marks are the long form's, and the name is the word in brackets.
  if (
    /^\p{Lu}{2,3}\p{Ll}{3,}$/u.test(name) &&
    !finding.named &&
    !finding.ours &&
    finding.appositive === null &&
    finding.longForm === null
  )
    return false;
  // "a batch-RL framework", "deep-RL agents": a plain word before the field's acronym.
  if (/^\p{Ll}{3,}-\p{Lu}{2,}s?$/u.test(name)) return false;
  if (
    /\s/.test(name) &&
    /(?:^|\s)\p{Lu}{3,}(?:\s|$)/u.test(name) &&
    /(?:^|\s)\p{Lu}\p{Ll}+(?:\s|$)/u.test(name)
  )
    return false;
  return true;
}
