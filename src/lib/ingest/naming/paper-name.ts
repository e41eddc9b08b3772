/**
 * The paper's own name: the coined identifier the abstract introduces for its contribution
 * ("we propose ETAP (Ensemble Task Affinity Predictor), a …", "a tool called X", "… (DroPE)"),
 * never a baseline it beats or a model it evaluates.
 */
import { GENERIC_STEMS, stem, stripAcronymPlural } from '../../text/terms';
import { findClaimedName, mostMentioned } from './claimed-name';
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
}

/** A quick test that a sentence may introduce a name at all, before it is read word by word. */
const INTRODUCING_WORD =
  /\b(?:introduc|propos|present|develop|contribut|construct|design|build|built|creat|devis|curat|provid|releas|call|dub|name|term|coin|refer)/i;
/** Determiners skipped before a name: "we introduce the Tool Decathlon". */
const DETERMINER = /^(?:the|a|an|our)$/i;
/** "(dubbed as Toolathlon)", "called ImageBeagle", "named Pose Prior Learner (PPL)". */
const NAMING_WORD = /^(?:called|dubbed|named|termed|coined)$/i;
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
 * (never "we fine-tune our model, GPT-4, on…" or "in our experiments, ImageNet, CIFAR-10 and…").
 */
const OUR_THING_NAMED = /(?:^|\s)[Oo]ur(?:\s+\p{Ll}[\p{L}-]*){1,3},\s+(\S+),\s+(\S+)/u;
/** Words that open an appositive description: "SealQA, a challenge benchmark…". */
const APPOSITIVE_START = /^(?:a|an|the|as)$/i;
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
  const ours = ourThingNamed(sentence, sentenceIndex, text);
  if (!INTRODUCING_WORD.test(sentence) || !AUTHORS_SUBJECT.test(sentence)) return ours;
  const subjectAt = sentence.search(AUTHORS_SUBJECT);
  const words = wordsOf(sentence, subjectAt);
  const found: NameFinding[] = [...ours];
  words.forEach((word, i) => {
    const viaVerb = isIntroducingVerb(words, i);
    const byAuthors = NAMING_VERB.test(word.bare) && words[i - 1]?.bare.toLowerCase() === 'we';
    const viaNaming = NAMING_WORD.test(word.bare) || byAuthors;
    if (!viaVerb && !viaNaming) return;
    let from = i + 1;
    // "which we refer to as CompoundPiece".
    if (byAuthors && word.bare.toLowerCase() === 'refer' && words[from]?.bare === 'to') from += 1;
    if (viaNaming && words[from]?.bare.toLowerCase() === 'as') from += 1;
    // "We propose and analyze a … method (Quartz)": the object follows the second verb.
    if (
      viaVerb &&
      words[from]?.bare.toLowerCase() === 'and' &&
      contributionVerb(words[from + 1]?.bare ?? '')
    )
      from += 2;
    if (byAuthors) from = afterNamedObject(words, from);
    const parsed = parseNameAt(sentence, words.slice(from, from + OBJECT_WINDOW_WORDS), viaNaming);
    if (!parsed || found.some((f) => f.name === parsed.name)) return;
    const mentions = countMentions(text, parsed.name);
    // "a novel primal-dual method (Quartz)": a plain word in brackets must be said again.
    const plainInBrackets =
      parsed.named === true && parsed.longForm === null && !isCoinedIdentifier(parsed.name);
    if (plainInBrackets && mentions < 2) return;
    found.push({ ...parsed, sentenceIndex, mentions, named: viaNaming || parsed.named === true });
  });
  return found;
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
  // "…, ImageNet, CIFAR-10, and SVHN": a list, not a name.
  const next = match[2] ?? '';
  if ((!opens && !made) || next === 'and' || isCoinedIdentifier(bareWord(next))) return [];
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
  const runText = sentence.slice(run[0]?.start ?? 0, last.end).replace(/[,;:.!?]+$/, '');
  const next = words[start + run.length];
  if (next && opensBracket(next.raw) && !endsWithPunctuation(last.raw)) {
    return parseParenthetical(sentence, words, start + run.length, runText);
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
      const named = NAMING_WORD.test(
        before.slice(0, before.lastIndexOf(longForm)).trim().split(/\s+/).at(-1) ?? '',
      );
      return { ...withDescription(sentence, inner, longForm, close + 1), named };
    }
    // "a novel model MISC, which…", "an embedding model PME based on…": the object's head noun,
    // then the name it goes by, then what it does.
    if (j > start && isNamedHead(words[j - 1], word, words[j + 1])) {
      return withDescription(sentence, word.bare, null, word.end);
    }
    if (isPhraseBreak(word.raw) || endsWithPunctuation(word.raw)) return null;
  }
  return null;
}

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
  return !endsWithPunctuation(word.raw) && /^(?:which|that|based)$/.test(following);
}

/** The first mention is in an earlier sentence: the thing existed before this paper. */
function mentionedBefore(sentences: readonly string[], finding: NameFinding): boolean {
  return sentences.slice(0, finding.sentenceIndex).some((s) => countMentions(s, finding.name) > 0);
}

/** Every name the abstract introduces for something of its own, in order. */
export function findIntroducedNames(sentences: readonly string[], text: string): NameFinding[] {
  return sentences
    .flatMap((sentence, index) => introducedNames(sentence, index, text))
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
  const inFirst = coined.find((f) => f.sentenceIndex === first?.sentenceIndex);
  if (inFirst) return inFirst;
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
  return claimed && isCoinage(claimed) ? claimed : null;
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
  if (/^\p{Lu}{2,}\p{Ll}{3,}$/u.test(name)) return false;
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
