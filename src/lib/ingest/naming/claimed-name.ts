/**
 * Names the authors define in passing and then make claims about, without a "we propose X":
 * "we break this bottleneck by Dropping … (DroPE). … DroPE yields…", "We show that MnemoDyn is…".
 */
import { withDescription, type ParsedName } from './description';
import { countMentions, findLongForm, isCoinedIdentifier } from './identifiers';
import type { NameFinding } from './paper-name';
import { AUTHORS, AUTHORS_SUBJECT, contributionVerb } from '../../text/statements';
import { wordsOf, type Word } from './words';

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
    const before = text.slice(Math.max(0, at - 30), at);
    if (BASELINE_CONTEXT.test(before) || BEATEN.test(before)) return true;
    from = at + name.length;
  }
}

/** Coined names the authors define in passing, then make claims about; the most mentioned wins. */
export function findClaimedName(sentences: readonly string[], text: string): NameFinding | null {
  const claimed: NameFinding[] = [];
  sentences.forEach((sentence, index) => {
    // The first sentence sets the scene, unless the authors open the abstract with their own
    // statement ("This work introduces reduced models based on … (CoLoRA) that…").
    if ((index === 0 && !opensByMaking(sentence)) || !AUTHORS_SUBJECT.test(sentence)) return;
    for (const word of wordsOf(sentence)) {
      const name = word.bare;
      if (!isOwnLookingName(name) || claimed.some((c) => c.name === name)) continue;
      if (sentences.slice(0, index).some((s) => countMentions(s, name) > 0)) continue;
      if (isSomeoneElses(sentence, word.start)) continue;
      const mentions = countMentions(text, name);
      if (mentions < 2 || !hasClaim(text, name)) continue;
      claimed.push({ ...describeMention(sentence, word, name), sentenceIndex: index, mentions });
    }
  });
  return mostMentioned(claimed);
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
