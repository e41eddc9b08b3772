/**
 * The fallbacks after the patterns of paper-name.ts: names the authors define in passing and then
 * make claims about, without a "we propose X" ("we break this bottleneck by Dropping … (DroPE). …
 * DroPE yields…", "We show that MnemoDyn is…"); then a score over every coined identifier of the
 * abstract ({@link scoredName}: where it is first said, whether it heads what the authors make, how
 * often it is said, claims, "our", how it is spelled out, its shape, the code's URL).
 */
import { withDescription, type ParsedName } from './description';
import { bareWord, countMentions, findLongForm, isCoinedIdentifier } from './identifiers';
import type { NameFinding } from './paper-name';
import {
  AUTHORS,
  AUTHORS_SUBJECT,
  contributionVerb,
  isAuthorWord,
  type Statement,
} from '../../text/statements';
import { stripAcronymPlural } from '../../text/terms';
import { findUrls } from '../../text/markup';
import { isFieldIdentifier } from './field-vocabulary';
import { wordsOf, type Word } from './words';

/**
 * The authors as the ones who act: the subject ("we", "this paper", {@link AUTHORS}) or the "us"
 * of "This motivates us to introduce…", "which allows us to propose…".
 */
export const AUTHORS_ACT = new RegExp(String.raw`${AUTHORS}|\bus to\b`, 'i');

/** "MnemoDyn is…", "DroPE yields…": a claim made about the name, not a baseline's score. */
const CLAIM_VERB =
  /^\s+(?:\p{L}+ly\s+)?(?:is|yields|outperforms|achieves|delivers|improves|surpasses|generali[sz]es|leads|enables|reduces|matches|attains|sets|establishes|scales|remains|beats|demonstrates|exhibits|provides|offers|obtains|converges|maintains)\b(?!\s+only)/u;
/** Words just before a mention that make it someone else's model: "such as GPT-4o", "over GRPO". */
const BASELINE_CONTEXT =
  /(?:such as|like|e\.g\.,?|including|than|over|compared (?:to|with)|versus|vs\.?|against|from)\s*$/i;

/** "We evaluate GPT-4o…": what the authors evaluate or use is not theirs. */
const EVALUATED_BY_AUTHORS =
  /\bwe (?:[a-z]+ly )?(?:evaluate|benchmark|test|compare|assess|probe|examine|analy[sz]e|study|use|apply|fine-tune|train|prompt|query|run|consider)\b/i;

/** The mention at `at` names a baseline or an evaluated model, not the authors' own thing. */
function isSomeoneElses(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  return BASELINE_CONTEXT.test(before.slice(-30)) || EVALUATED_BY_AUTHORS.test(before);
}

/** The verbs of using or evaluating what exists: "we evaluate X", "we fine-tune X". */
const USE_VERB =
  /^(?:evaluate|evaluates|evaluated|benchmark|test|tests|tested|compare|compares|compared|assess|probe|use|uses|used|using|apply|applies|applied|fine-tune|fine-tunes|fine-tuned|train|trains|trained|prompt|query|run|adopt|adopts|employ|employs|leverage|leverages)$/i;

/**
 * The mention at `at` follows a baseline's context ("such as X", "over X") or a verb of use with
 * no making verb after it ("we fine-tune X", "we use a retriever called X", not "we use … to
 * propose X"): someone else's thing.
 * Unlike {@link isSomeoneElses}, "we study an extension of … (X)" leaves X to the scorer.
 */
function usedByAuthors(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  if (BASELINE_CONTEXT.test(before.slice(-30))) return true;
  let used = false;
  const words = wordsOf(before);
  words.forEach((word, i) => {
    const bare = word.bare.toLowerCase();
    // The authors' verb ("we use", "we then apply", "to evaluate"), not "a widely used model".
    const previous = words[i - 1]?.bare.toLowerCase() ?? '';
    const authors =
      isAuthorWord(previous) ||
      /^(?:to|and|then|also|first)$/.test(previous) ||
      (/ly$/.test(previous) && isAuthorWord(words[i - 2]?.bare ?? ''));
    if (USE_VERB.test(bare) && authors) used = true;
    else if (contributionVerb(bare)?.verbClass === 'artifact') used = false;
  });
  return used;
}

/** A sentence that opens with the authors and their verb: "This work introduces…", "We propose…". */
const AUTHORS_OPEN = new RegExp(
  String.raw`^(?:In this (?:paper|work|study),?\s+)?${AUTHORS}\s+(?:[a-z]+ly\s+)?([a-z]+)`,
);

/** The authors open the abstract by making something ("This work introduces…"), not "We study…". */
function opensByMaking(sentence: string): boolean {
  const verb = AUTHORS_OPEN.exec(sentence)?.[1] ?? '';
  return contributionVerb(verb)?.verbClass === 'artifact';
}

/** Words just before a mention that make it a baseline the authors beat: "outperforms PPO". */
const BEATEN = /\boutperform(?:s|ed|ing)?\s+(?:the\s+)?$/i;

/**
 * Whether any mention of `name` is someone else's: a baseline or a compared model ("outperforms
 * PPO", "compared to PPO", "such as PPO"), so the name is not the authors' coinage.
 */
export function usedAsBaseline(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at === -1) return false;
    from = at + name.length;
    // Whole words only: "algorithms like TENG-Euler" says nothing of `TENG`.
    const next = text[from] === 's' ? text[from + 1] : text[from];
    if (/[\p{L}\p{N}-]/u.test(text[at - 1] ?? '') || /[\p{L}\p{N}-]/u.test(next ?? '')) continue;
    const before = text.slice(Math.max(0, at - 30), at);
    if (BASELINE_CONTEXT.test(before) || BEATEN.test(before)) return true;
  }
}

/** Coined names the authors define in passing, then make claims about; the most mentioned wins. */
export function findClaimedName(sentences: readonly string[], text: string): NameFinding | null {
  const claimed: NameFinding[] = [];
  sentences.forEach((sentence, index) => {
    // The first sentence sets the scene, unless the authors open the abstract with their own
    // statement ("This work introduces reduced models based on … (CoLoRA) that…").
    if ((index === 0 && !opensByMaking(sentence)) || !AUTHORS_SUBJECT.test(sentence)) return;
    for (const word of capitalisedWordsOf(sentence)) {
      const name = word.bare;
      if (!isOwnLookingName(name) || claimed.some((c) => c.name === name)) continue;
      if (sentences.slice(0, index).some((s) => saysName(s, name))) continue;
      if (isSomeoneElses(sentence, word.start)) continue;
      const mentions = countMentions(text, name);
      if (mentions < 2 || !hasClaim(text, name)) continue;
      claimed.push({ ...describeMention(sentence, word, name), sentenceIndex: index, mentions });
    }
  });
  return mostMentioned(claimed);
}

/**
 * Whether `text` says `name`, or its plural: "(Dec-POMDPs) formalize…" said "the Dec-POMDP" of a
 * later sentence before the authors speak.
 */
function saysName(text: string, name: string): boolean {
  return countMentions(text, name) > 0 || countMentions(text, `${name}s`) > 0;
}

/** Coined, and not a plural acronym (`LLMs`) or a model size (`7B`). */
function isOwnLookingName(word: string): boolean {
  return (
    isCoinedIdentifier(word) && !/^\p{Lu}+s$/u.test(word) && !/^\d+(?:\.\d+)?[KMBT]$/i.test(word)
  );
}

function hasClaim(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at === -1) return false;
    const after = text.slice(at + name.length, at + name.length + 60);
    if (CLAIM_VERB.test(after)) return true;
    from = at + name.length;
  }
}

/** The long form in front of "(NAME)" and the words after it, where the name is first mentioned. */
function describeMention(sentence: string, word: Word, name: string): ParsedName {
  const inBrackets = word.raw.startsWith('(');
  const longForm = inBrackets ? findLongForm(name, sentence.slice(0, word.start)) : null;
  return withDescription(sentence, name, longForm, word.end);
}

/** The finding mentioned most often; the earliest of equals. */
export function mostMentioned(findings: readonly NameFinding[]): NameFinding | null {
  let best: NameFinding | null = null;
  for (const finding of findings) if (!best || finding.mentions > best.mentions) best = finding;
  return best;
}

/**
 * What one coined identifier of an abstract looks like as a candidate for the paper's name: the
 * evidence {@link scoreCandidate} weighs.
 */
export interface NameCandidate {
  /** As the abstract writes it, singular (`VNN` for `VNNs`). */
  name: string;
  /** Sentence of its first mention. */
  sentenceIndex: number;
  /** Where it is first mentioned in the authors' sentences (see {@link placeOf}). */
  place: 'made' | 'attached' | 'other';
  mentions: number;
  /** It is the subject of a claim somewhere ("X outperforms…"). */
  claimed: boolean;
  /** The authors mark it as theirs: "our X", "the proposed X", "X (ours)", "X, a novel…". */
  ours: boolean;
  /** Spelled out where first mentioned: in capitals, in lower case (a field's concept), or not. */
  longForm: 'capitalised' | 'lower' | null;
  /** Mixed case inside a part (`CSForest`, `AdaFGDA`): made up, not an abbreviation. */
  mixedCase: boolean;
  /** Named by the abstract's code or project URL (`github.com/…/CSForest`). */
  inUrl: boolean;
  /** Defined by what it is somewhere: "X, a framework…", "X is an algorithm…". */
  defined: boolean;
  /** First mentioned in the abstract's first making statement ("we propose…"), not an aside. */
  inFirstMaking: boolean;
}

/** Words that end a making verb's object head: a preposition, a clause, a conjunction. */
const ATTACHMENT =
  /\b(?:for|of|on|in|to|with|via|from|under|over|across|between|within|into|through|by|using|at|against|than|that|which|where|whose|when|while|such|including|like)\b/i;

/** The repository or project names of a text's code URLs: `CSForest` of `github.com/x/CSForest`. */
export function urlNames(text: string): string[] {
  const names: string[] = [];
  for (const { url } of findUrls(text)) {
    const parts = url
      .replace(/^https?:\/\//i, '')
      .split(/[/#?]/)
      .filter(Boolean);
    const host = parts[0] ?? '';
    const page = /^([\w-]+)\.github\.io$/i.exec(host)?.[1];
    if (page) names.push(page);
    if (
      /^(?:www\.)?(?:github|gitlab|huggingface|bitbucket)\.(?:com|co|org)$/i.test(host) &&
      parts[2]
    )
      names.push(parts[2].replace(/\.git$/, ''));
    if (/^sites\.google\.com$/i.test(host) && parts[1] === 'view' && parts[2]) names.push(parts[2]);
  }
  return names;
}

/**
 * Every coined identifier the abstract mentions (outside URLs) at least twice or in its code's
 * address, first in or after the authors' first sentence, with the evidence for it being the
 * paper's own name. Field identifiers, baselines and what the authors say they use are left out.
 */
export function nameCandidates(
  sentences: readonly string[],
  statements: readonly Statement[],
  text: string,
): NameCandidate[] {
  // The authors' first sentence ("we…", "this paper…", "our…"): what is named before it existed.
  const authorsFrom = sentences.findIndex((s) => AUTHORS_ACT.test(s) || /\b[Oo]ur\b/.test(s));
  const firstOwn = authorsFrom < 0 ? sentences.length : authorsFrom;
  const inUrls = new Set(text.includes('://') ? urlNames(text).map((n) => n.toLowerCase()) : []);
  const firstMaking = (
    statements.find((s) => s.verbClass === 'artifact' && !s.secondary) ??
    statements.find((s) => s.verbClass === 'artifact')
  )?.sentenceIndex;
  const candidates: NameCandidate[] = [];
  const seen = new Set<string>();
  // A name said before the authors speak existed before the paper ("Machine Unlearning (MU) is…").
  const background = sentences.slice(0, firstOwn).join(' ');
  sentences.forEach((sentence, index) => {
    if (index < firstOwn) return;
    for (const word of capitalisedWordsOf(sentence)) {
      if (/^(?:https?:|www\.)/i.test(word.bare)) continue;
      const raw = word.bare.replace(/['’]s$/, '');
      const name = stripAcronymPlural(raw);
      if (seen.has(name) || !isOwnLookingName(name)) continue;
      seen.add(name);
      if (saysName(background, name) || saysName(background, raw)) continue;
      const mentions = countMentions(text, name) + (raw === name ? 0 : countMentions(text, raw));
      const inUrl = inUrls.has(name.toLowerCase());
      // Said once, a name is a side artifact ("We introduce the TinyChange benchmark as a way
      // to…"), unless the code's address carries it.
      if (mentions < 2 && !inUrl) continue;
      if (isFieldIdentifier(name) || usedAsBaseline(text, name)) continue;
      if (usedByAuthors(sentence, word.start)) continue;
      const longForm = word.raw.startsWith('(')
        ? findLongForm(name, sentence.slice(0, word.start))
        : null;
      candidates.push({
        name,
        sentenceIndex: index,
        place: placeOf(
          sentence,
          longForm ? sentence.lastIndexOf(longForm, word.start) : word.start,
        ),
        mentions,
        claimed: hasClaim(text, name),
        ours: markedAsOurs(text, name),
        longForm: longForm === null ? null : isCapitalised(longForm) ? 'capitalised' : 'lower',
        mixedCase: name.split('-').some((part) => /\p{Ll}\p{Lu}|\p{Lu}\p{Ll}+\p{Lu}/u.test(part)),
        inUrl,
        defined: isDefined(text, name),
        inFirstMaking: index === firstMaking,
      });
    }
  });
  return candidates;
}

/** The words of a sentence that hold a capital, a digit or a non-ASCII letter: the only ones a coined name can be. */
function capitalisedWordsOf(sentence: string): Word[] {
  const words: Word[] = [];
  for (const m of sentence.matchAll(CAPITALISED_TOKEN)) {
    // An em dash ends a word (words.ts): split there as wordsOf does.
    for (const word of m[0].includes('\u2014') ? wordsOf(m[0]) : [null]) {
      const raw = word?.raw ?? m[0];
      const start = m.index + (word?.start ?? 0);
      words.push({ raw, bare: word?.bare ?? bareWord(raw), start, end: start + raw.length });
    }
  }
  return words;
}

/** A whitespace-delimited token with an ASCII capital, a digit or any non-ASCII character. */
const CAPITALISED_TOKEN = /(?<!\S)\S*[A-Z0-9\u0080-\uFFFF]\S*/g;

/** Words after which what follows is what the authors name: "called X", "which we term X". */
const NAMING_ANCHOR = /^(?:called|named|dubbed|termed|coined|designated|call|term|dub|name)$/i;

/**
 * Where a first mention stands in an authors' sentence: `made` when it heads what a making verb,
 * a naming word or "our" introduces — nothing but modifiers between ("we propose a new algorithm
 * (X)", "a method called X", "our novel approach, X"); `attached` when a preposition or a clause
 * comes between ("an algorithm for sparse linear MDPs (SMDP)"); `other` elsewhere. A name defined
 * by a long form is placed where its long form starts.
 */
function placeOf(sentence: string, at: number): NameCandidate['place'] {
  let anchor: { end: number; ours: boolean } | null = null;
  for (const word of wordsOf(sentence.slice(0, at))) {
    const bare = word.bare.toLowerCase();
    const ours = bare === 'our';
    if (ours || NAMING_ANCHOR.test(bare) || contributionVerb(bare)?.verbClass === 'artifact')
      anchor = { end: word.end, ours };
  }
  if (!anchor) return 'other';
  const between = sentence.slice(anchor.end, at);
  // "a benchmark suite, MNIST, CIFAR-10 and SVHN": one item of a list heads nothing.
  if (IN_A_LIST.test(between)) return 'attached';
  // "our novel approach, X": "our" then a short noun group; not "our best achieving … X".
  if (anchor.ours && !OUR_NOUN_GROUP.test(between)) return 'other';
  // "we propose augmenting E2M1 with…": the name is what a gerund acts on, not what is made.
  if (/^\s+\p{Ll}+ing\s/u.test(between)) return 'attached';
  return ATTACHMENT.test(between) ? 'attached' : 'made';
}

/** A coined word, then a comma or a conjunction, just before the mention: a list's next item. */
const IN_A_LIST =
  /(?:^|\s)\S*(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}|\p{L}\p{N}|\p{N}\p{L})\S*(?:,\s+|\s+(?:and|or)\s+)(?:and\s+|or\s+)?$/u;

/** What may stand between "our" and the name it gives: "our method ", "our novel approach, ". */
const OUR_NOUN_GROUP =
  /^(?:\s+(?!\p{L}+ing\b)[\p{Ll}-]+){0,3},?\s+(?:(?:called|named|dubbed|termed)\s+)?\(?$/u;

const CAPITALISED_WORD_START = /^["“‘]?[\p{Lu}\p{N}]/u;

function isCapitalised(longForm: string): boolean {
  const words = longForm.split(/\s+/).filter((w) => w.length > 3);
  return (
    words.length > 0 &&
    words.filter((w) => CAPITALISED_WORD_START.test(w)).length * 2 > words.length
  );
}

/** What follows a name the abstract defines: ", a framework…", " is an algorithm…", " (…), a …". */
const DEFINED_AFTER = /^s?(?:\s*\([^()]*\))?(?:,|\s+(?:is|are))\s+(?:a|an)\s/u;
/**
 * What comes before a name the authors mark as theirs: "our ", "the proposed method ", "our novel
 * approach, called " (not "our framework with X").
 */
const OURS_BEFORE =
  /(?:\b[Oo]ur|\b[Tt]he proposed)\s+(?:(?!(?:for|of|on|in|to|with|via|from|by|and|or|that|which|than|over)\s)\p{Ll}[\p{L}-]*\s+){0,2}(?:\p{Ll}[\p{L}-]*,\s+(?:(?:called|named|dubbed|termed)\s+)?)?$/u;
/** What follows a name the authors mark as theirs or new: " (ours)", ", a novel…", " is a new…". */
const OURS_AFTER =
  /^s?(?:\s*\(ours\)|,\s+(?:a|an)\s+(?:novel|new)\b|\s+is\s+(?:a|an)\s+(?:novel|new)\b)/u;

/** The text around each whole-word mention of `name`: 80 characters before, 120 after. */
function* mentionContexts(
  text: string,
  name: string,
): Generator<{ before: string; after: string }> {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    const end = at + name.length;
    if (/[\p{L}\p{N}-]/u.test(text[at - 1] ?? '')) continue;
    yield { before: text.slice(Math.max(0, at - 80), at), after: text.slice(end, end + 120) };
  }
}

/** "X, a framework…", "X is an algorithm…", "X (Long Form), a …": the abstract says what X is. */
function isDefined(text: string, name: string): boolean {
  for (const { after } of mentionContexts(text, name)) if (DEFINED_AFTER.test(after)) return true;
  return false;
}

function markedAsOurs(text: string, name: string): boolean {
  for (const { before, after } of mentionContexts(text, name)) {
    if (OURS_AFTER.test(after)) return true;
    if (!/[\p{L}\p{N}-]/u.test(after[0] ?? '') && OURS_BEFORE.test(before)) return true;
  }
  return false;
}

/** The weight of evidence that a candidate is the paper's name: log-odds-like, additive. */
export function scoreCandidate(c: NameCandidate): number {
  let score = { made: 3, attached: 0, other: 0 }[c.place];
  score += Math.min(c.mentions - 1, 2);
  if (c.claimed) score += 1.5;
  if (c.ours) score += 1.5;
  if (c.longForm === 'lower') score -= 2;
  if (c.mixedCase) score += 1;
  if (c.inUrl) score += 2;
  if (c.defined) score += 1;
  if (c.inFirstMaking && c.place === 'made') score += 1;
  return score;
}

/** The score a candidate needs to be the paper's name. */
export const NAME_SCORE_THRESHOLD = 5;

/** The best-scored candidate, if it scores enough. */
export function scoredName(
  sentences: readonly string[],
  statements: readonly Statement[],
  text: string,
): NameFinding | null {
  let best: { c: NameCandidate; score: number } | null = null;
  for (const c of nameCandidates(sentences, statements, text)) {
    const score = scoreCandidate(c);
    if (!best || score > best.score) best = { c, score };
  }
  if (!best || best.score < NAME_SCORE_THRESHOLD)
    return repositoryName(sentences, statements, text);
  const { c } = best;
  const sentence = sentences[c.sentenceIndex] ?? '';
  const at = sentence.indexOf(c.name);
  const word = wordsOf(sentence).find((w) => w.start <= at && at < w.end);
  const parsed = word
    ? describeMention(sentence, word, c.name)
    : withDescription(sentence, c.name, null, at + c.name.length);
  return { ...parsed, sentenceIndex: c.sentenceIndex, mentions: c.mentions };
}

/**
 * "The code is available at https://github.com/vsingh-group/FrameQuant": a made-up word (mixed
 * case, one part: `FrameQuant`, not `llm_uncertainty`, `Disentanglement-in-VAE` or `MixtureVAEs`) as the name of
 * the code of an abstract that names nothing else; it names what the main statement makes.
 */
function repositoryName(
  sentences: readonly string[],
  statements: readonly Statement[],
  text: string,
): NameFinding | null {
  const name = urlNames(text).find(
    (n) =>
      /^[\p{L}\p{N}]{4,30}$/u.test(n) &&
      /\p{Ll}\p{Lu}/u.test(n) &&
      /\p{Ll}{2}/u.test(n) &&
      !/\p{Lu}s$/u.test(n) &&
      !isFieldIdentifier(n),
  );
  // The sentence where the authors say what they made, else where they first speak.
  const at =
    statements.find((s) => s.verbClass === 'artifact')?.sentenceIndex ??
    sentences.findIndex((s) => AUTHORS_SUBJECT.test(s));
  if (!name || at < 0) return null;
  const sentence = sentences[at] ?? '';
  return {
    ...withDescription(sentence, name, null, sentence.length),
    sentenceIndex: at,
    mentions: countMentions(text, name),
  };
}
