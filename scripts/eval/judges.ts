/**
 * The rules a derived title or keyword must meet (issue "titles and text"), judged independently of
 * the code that derives them: part-of-speech tags come from the text core's tagger (wink-nlp).
 */

import { findUrls } from '../../src/lib/text/markup';
import everydayWords from '../../src/lib/text/vocabulary/everyday-words.json';
import { tagSentence, tagText } from '../../src/lib/text/nlp';
import { analyseText, isContentWord, isGenericWord } from '../../src/lib/text/terms';

/** Tagged words, hyphenated compounds whole ("off-the-shelf"), punctuation left out. */
function tagged(text: string): { word: string; pos: string }[] {
  return tagSentence(text)
    .tokens.map((t) => ({ word: t.text, pos: t.pos }))
    .filter((t) => t.pos !== 'PUNCT');
}

/** Closed-class parts of speech a headline may not start with. */
const BAD_START = new Set(['CCONJ', 'SCONJ', 'ADP', 'PRON', 'PART', 'AUX']);
/** Function words a headline may not end on. */
const BAD_END = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'PRON', 'AUX']);
/** Determiners that are pronouns at a headline's start ("This is…", "These…"). */
const DEMONSTRATIVE = /^(?:this|that|these|those|it|its|such)$/i;

/** Why a title is malformed, or null when it is a clean headline. */
export function judgeTitle(title: string, name: string | null): string | null {
  const words = title.split(/\s+/).filter(Boolean);
  if (words.length < 4) return `too short (${words.length} words)`;
  if (words.length > 14) return `too long (${words.length} words)`;
  const phrase = name && title.startsWith(`${name}: `) ? title.slice(name.length + 2) : title;
  const tokens = tagged(phrase);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return 'empty';
  // "I" opening the title is first person; "I/O", "I-JEPA" are not.
  if (/\b(?:we|our|us|ours)\b/i.test(phrase) || /^I\b(?![/&-])/.test(phrase))
    return 'first-person clause';
  if (BAD_START.has(first.pos) || DEMONSTRATIVE.test(first.word))
    return `starts with ${first.pos.toLowerCase()} "${first.word}"`;
  if (BAD_END.has(last.pos)) return `ends with ${last.pos.toLowerCase()} "${last.word}"`;
  // A phrase cut inside a noun group ends on its modifier; a lone letter is a formula's variable.
  if (last.pos === 'ADJ') return `ends with adjective "${last.word}"`;
  if (/^\p{L}$/u.test(last.word)) return `ends with a lone letter "${last.word}"`;
  if (!tokens.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return 'no noun';
  return null;
}

/**
 * Why a keyword is not a clean noun phrase, or null. The words are tagged where the abstract uses
 * them (a tagger given "learning rate" alone cannot tell a noun from a verb).
 */
export function judgeKeyword(keyword: string, plainText: string): string | null {
  if (/[\p{Lm}\p{No}\p{Sm}\\$^_{}=<>]/u.test(keyword)) return 'math symbol';
  if (/\bet al\b|\bal\.|\b(?:19|20)\d\d\b/i.test(keyword)) return 'citation fragment';
  if (/^\p{L}$/u.test(keyword)) return 'single letter';
  const tokens = inContext(keyword, plainText);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return null;
  if (
    (first.pos === 'VERB' && !/(?:ing|ed)$/.test(first.word) && tokens.length > 1) ||
    first.pos === 'AUX' ||
    BAD_START.has(first.pos)
  )
    return `starts with ${first.pos.toLowerCase()} "${first.word}"`;
  if (first.pos === 'VERB' && tokens.length > 1 && tokens[1]?.pos === 'DET')
    return `verb with an object "${first.word}"`;
  const nominal =
    last.pos === 'NOUN' ||
    last.pos === 'PROPN' ||
    last.pos === 'NUM' ||
    last.pos === 'X' ||
    /ing$/i.test(last.word);
  if (!nominal) return `ends with ${last.pos.toLowerCase()} "${last.word}"`;
  return null;
}

/** The keyword's tokens, tagged in the first sentence of the text that contains it. */
function inContext(keyword: string, plainText: string): { word: string; pos: string }[] {
  const lower = keyword.toLowerCase();
  for (const sentence of tagText(plainText)) {
    const escaped = lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(
      sentence.text.toLowerCase(),
    );
    if (!match) continue;
    const at = match.index;
    return sentence.tokens
      .filter((t) => t.start >= at && t.end <= at + keyword.length)
      .map((t) => ({ word: t.text, pos: t.pos }));
  }
  return tagged(`the ${keyword}`).slice(1);
}

/** A coined identifier: an inner capital or digit, or all capitals (SealQA, Atari-5, TIDE). */
function isCoined(word: string): boolean {
  return word
    .split('-')
    .some((part) => /^\p{L}.*(?:\p{Lu}|\p{N})/u.test(part) || /^\p{Lu}{2,}s?$/u.test(part));
}

/**
 * The paper's real name: the real title's part before ":" when it is a coined identifier of at
 * most three words that also occurs in the abstract; else null.
 */
export function realName(title: string, abstract: string): string | null {
  const colon = title.indexOf(':');
  if (colon < 0) return null;
  const head = title.slice(0, colon).trim();
  const words = head.split(/\s+/);
  if (words.length > 3 || !words.some(isCoined)) return null;
  return abstract.includes(head) ? head : null;
}

/**
 * A name holds only letters, digits, `-`, `+` and `.` inside its words, and at most two single
 * spaces between words (`DeepResearch Bench`, `Vector-free L-BFGS`): `UniDiffuser)` and `-Net` fail.
 */
export function hasStrayPunctuation(name: string): boolean {
  const words = name.split(' ');
  return (
    words.length > 3 ||
    words.some((word) => word === '' || /[^\p{L}\p{N}\-+.]/u.test(word) || /^[-.]|[-.]$/.test(word))
  );
}

/** Openers that point back at a sentence the summary leaves out ("This vector…", "It…"). */
const CONTEXT_OPENER =
  /^(?:this|these|that|those|it|its|they|their|such|both|the latter|the former)\b(?!\s+(?:paper|work|study|article|thesis|report)\b)/i;
/** Connectives that continue an argument the summary does not show ("However, …"). */
const CONNECTIVE =
  /^(?:however|moreover|furthermore|additionally|in addition|finally|also|thus|therefore|hence|consequently|nevertheless|nonetheless|instead|similarly|likewise|then|secondly|second|thirdly|third|firstly|first|lastly|besides|yet|still|indeed|in contrast|on the other hand|as a result)\b/i;
/** Words that tie a sentence to this paper: its authors, its method, its results. */
const ABOUT_THE_PAPER =
  /\b(?:we|our|us|this (?:paper|work|study|article)|proposed|results?|experiments?|evaluations?)\b/i;

/**
 * Why a summary reads badly on a list card, or null: it opens with a connective or a reference to a
 * sentence it leaves out, says nothing of this paper (background), or adds fewer than two
 * specific words (not rhetoric, not generic research nouns) to the title.
 */
export function judgeSummary(summary: string, title: string, name: string | null): string | null {
  if (CONNECTIVE.test(summary)) return 'opens with a connective';
  if (CONTEXT_OPENER.test(summary)) return 'opens with a reference to a left-out sentence';
  if (findUrls(summary).length > 0) return 'points to code or data';
  if (!ABOUT_THE_PAPER.test(summary) && !(name && summary.includes(name)))
    return 'says nothing of this paper';
  const titleKeys = new Set(analyseText(title).words.map((w) => w.key));
  const added = new Set(
    analyseText(summary)
      .words.filter((w) => isContentWord(w) && !isGenericWord(w) && !titleKeys.has(w.key))
      .map((w) => w.key),
  );
  if (added.size < 2) return 'adds almost nothing to the title';
  return null;
}

/** Where a sentence stops being whole: a summary must end as a sentence ends. */
const SENTENCE_END = /[.!?](?:["'”’)\]]*)$/u;

/**
 * An "also" that modifies the sentence's main clause: within its first four words ("We also…",
 * "It can also…"), or anywhere before the first comma, colon, parenthesis or subordinating word
 * ("The proposed iterative algorithm also provides…"). One in a relative or complement clause
 * ("X, which also…", "we show that Y also holds"), in "not only … but also" or in "also known as"
 * adds to something else and is no aside.
 */
const ALSO_IN_MAIN_CLAUSE =
  /^(?:\S+\s+){0,3}also\b|^(?:(?!\b(?:which|who|whose|that|where|when|while|whereas|if|because|but|although|though)\b)[^,;:()])*\balso\b(?!\s+(?:known|called|termed|referred|dubbed|named)\b)/i;

/** Counts and quantities, which say how much, not what. */
const COUNT_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple|various|few|both|each|all|new|novel)$/i;

/**
 * Why a summary is not a whole statement that says something, or null (issue 32): it stops
 * mid-sentence, holds no noun beyond generic research words and counts ("We propose two
 * complementary and fully automated methodologies."), is an "also" aside, or leans on a
 * "this …"/"these …" whose noun neither the title nor the summary shows.
 */
export function judgeSummaryWhole(summary: string, title: string): string | null {
  const text = summary.trim();
  if (text === '') return 'empty';
  if (!SENTENCE_END.test(text) || /…$/.test(text)) return 'stops mid-sentence';
  const nouns = tagSentence(text).tokens.filter(
    (t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'X',
  );
  const specific = nouns.filter((t) => {
    if (COUNT_WORD.test(t.text)) return false;
    const word = analyseText(t.text).words[0];
    return word !== undefined && isContentWord(word) && !isGenericWord(word);
  });
  if (specific.length === 0) return 'no content word';
  if (ALSO_IN_MAIN_CLAUSE.test(text)) return 'an "also" aside';
  const shown = new Set(analyseText(`${title} ${text}`).words.map((w) => w.key));
  // A pointer is `this/these/such` + (modifiers) + a noun: the noun is what must have been shown.
  // `such as`, `such that`, `this leads`, `this is` point at no noun: grammar, not a word list.
  const tokens = nouns.length ? tagSentence(text).tokens : [];
  let offset = 0;
  for (let i = 0; i < tokens.length; i++) {
    const at = text.indexOf(tokens[i]!.text, offset);
    if (at >= 0) offset = at + tokens[i]!.text.length;
    if (!/^(?:this|these|such)$/.test(tokens[i]!.lower)) continue;
    // `such as` / `such that` open an example or a condition whatever the tagger calls `as`
    // (an adverb, sometimes): the words after them are shown, not pointed at.
    if (tokens[i]!.lower === 'such' && /^(?:as|that)$/.test(tokens[i + 1]?.lower ?? '')) continue;
    let j = i + 1;
    while (j < tokens.length && /^(?:ADJ|ADV|NUM)$/.test(tokens[j]!.pos)) j++;
    const head = tokens[j];
    if (!head || (head.pos !== 'NOUN' && head.pos !== 'PROPN')) continue;
    if (/^(?:paper|work|study|article|end|way|reason|setting|problem|case)$/i.test(head.text))
      continue;
    const key = analyseText(head.text).words[0]?.key;
    const before = analyseText(`${title} ${text.slice(0, at)}`).words.map((w) => w.key);
    if (key && !before.includes(key) && shown.has(key))
      return `leans on an unseen antecedent ("${text.slice(at, text.indexOf(head.text, at) + head.text.length)}")`;
  }
  return null;
}

/** A sorted bag of content stems, to compare phrases whatever their word order and inflection. */
export function phraseBag(text: string): string {
  return [
    ...new Set(
      analyseText(text)
        .words.filter((w) => isContentWord(w))
        .map((w) => w.key),
    ),
  ]
    .sort()
    .join(' ');
}

/**
 * Why a title is a field's name rather than the paper's, or null: the title, or the part after a
 * name, is a taxonomy label or an acronym expansion that several papers of the corpus define.
 */
export function judgeFieldTitle(
  title: string,
  name: string | null,
  fieldBags: ReadonlySet<string>,
): string | null {
  const phrase = name && title.startsWith(`${name}: `) ? title.slice(name.length + 2) : title;
  const bag = phraseBag(phrase);
  return bag !== '' && fieldBags.has(bag) ? 'a field or topic name' : null;
}

/**
 * Cues that put the phrase after them out of the paper's contribution: what the paper bypasses,
 * avoids, does without or criticises. General English negation and contrast, not a list of misses.
 */
const NEGATION_CUE =
  /\b(?:bypass(?:es|ed|ing)?|avoid(?:s|ed|ing)?|without|instead of|unlike|rather than|limitations? of|shortcomings? of|drawbacks? of|fail(?:s|ed|ing)? to|circumvent(?:s|ed|ing)?|obviat(?:e|es|ed|ing)|eliminat(?:e|es|ed|ing) the need for|no need for|free of|does not require|do not require|does not rely on|do not rely on)\b/i;

/**
 * Why the title's head is a phrase the abstract negates, or null: the title's first content words
 * (its head phrase, before any preposition) occur in the abstract right after a negation cue in
 * the same clause.
 */
export function judgeNegatedHead(
  title: string,
  name: string | null,
  abstract: string,
): string | null {
  const phrase = name && title.startsWith(`${name}: `) ? title.slice(name.length + 2) : title;
  const head = phrase.split(
    /\s+(?:for|of|in|on|with|via|by|to|from|under|using|through|and)\s+/i,
  )[0]!;
  const words = head.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  const at = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, 'giu');
  for (const match of abstract.matchAll(at)) {
    const clauseStart = Math.max(
      abstract.lastIndexOf('.', match.index),
      abstract.lastIndexOf(';', match.index),
      abstract.lastIndexOf(',', match.index),
    );
    const lead = abstract.slice(clauseStart + 1, match.index);
    const cue = NEGATION_CUE.exec(lead);
    if (cue && lead.slice(cue.index).split(/\s+/).length <= 6)
      return `headed by "${head}", negated ("${cue[0]}")`;
  }
  return null;
}

const EVERYDAY = new Set<string>(everydayWords.words);

/**
 * A keyword that is one everyday word: one of the 10,000 most frequent words of spoken English
 * (SUBTLEX-US), written without a capital or digit. Inside a longer phrase such words are fine.
 */
export function isEverydayKeyword(keyword: string): boolean {
  return !/[\p{Lu}\p{N}\s-]/u.test(keyword) && EVERYDAY.has(keyword.toLowerCase());
}
