/**
 * Synthetic abstracts whose vocabulary behaves like real text's (issue 35, step 0). The template
 * generator (`syntheticAbstract`) recombines a small stock of sentences: 20,000 of its abstracts hold
 * ~3,000 distinct words where real ones hold tens of thousands, which made the index look four
 * times cheaper per paper than it is. This model is fitted on real abstracts (the seed dumps and
 * the development set in `data/dev/`):
 *
 * - **function words**: the real corpus's most frequent terms, drawn with their real frequencies,
 *   for the share of tokens they take in real text;
 * - **content words**: a Simon process tuned to Heaps' law — a word first used in an abstract is
 *   new with probability `K·β·n^(β−1)` (so the vocabulary grows as `K·n^β`, K and β fitted by least
 *   squares on the real growth curve), otherwise a copy of a uniformly drawn earlier token (so
 *   term frequencies follow Zipf's law, as preferential attachment does);
 * - **burstiness**: with the real rate, a content token repeats a word its own abstract already used;
 * - **hyphenated pairs**: a new word is a pair of known ones at the real rate of compounds;
 * - spellings: the real content words first, in the order the real corpus introduces them, then
 *   words from a letter-trigram model of the real vocabulary (realistic lengths and letter pairs,
 *   which is what front coding, gzip and the typo buckets see);
 * - abstract lengths drawn from the real ones.
 *
 * Deterministic for a seed. `realTextCheck` compares distinct words and index bytes per paper with
 * the real abstracts at the real corpus's size (printed by generate-dumps.ts and the bench).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { seededRandom } from '../../src/lib/random';
import { buildSearchIndex } from '../../src/lib/search/build';
import { scanTokens } from '../../src/lib/search/text';
import type { Paper } from '../../src/lib/schema';

type Random = () => number;

/** Terms drawn as "function words" with their real frequencies. */
const FUNCTION_WORDS = 120;

export interface RealTextModel {
  /** Function words and their cumulative probabilities. */
  functionWords: string[];
  functionCumulative: number[];
  /** Share of tokens that are function words. */
  functionShare: number;
  /** Heaps' law over first uses of content words within an abstract: V = K·n^β. */
  heapsK: number;
  heapsBeta: number;
  /** Share of content tokens that repeat a word of the same abstract. */
  repeatShare: number;
  /** Share of content tokens hyphenated to the next one. */
  hyphenShare: number;
  /** Real content words, in first-use order. */
  seedWords: string[];
  /** Words (tokens) per real abstract. */
  lengths: number[];
  /** Letter trigram counts of the real vocabulary, for new spellings. */
  trigrams: Map<string, Map<string, number>>;
}

/** The real abstracts in the repository: the seed dumps and the development set. */
export function realAbstracts(root = '.'): string[] {
  const texts: string[] = [];
  const seeds = join(root, 'tests/fixtures/seeds');
  for (const file of readdirSync(seeds).sort()) {
    if (!file.endsWith('.txt')) continue;
    const paragraphs = readFileSync(join(seeds, file), 'utf8').split(/\n\s*\n/);
    texts.push(
      ...paragraphs
        .slice(1)
        .map((p) => p.trim())
        .filter((p) => p.length > 200),
    );
  }
  const dev = join(root, 'data/dev');
  for (const file of readdirSync(dev).sort()) {
    if (!file.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(dev, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const abstract = (JSON.parse(line) as { abstract?: string }).abstract;
      if (abstract) texts.push(abstract);
    }
  }
  return texts;
}

/** Words of a text as the index folds them, compounds aside; and how many compounds it has. */
function words(text: string): { terms: string[]; compounds: number } {
  const terms: string[] = [];
  let compounds = 0;
  scanTokens(text, (term, _s, _e, compound) => {
    if (compound) compounds += 1;
    else terms.push(term);
  });
  return { terms, compounds };
}

/** Least-squares fit of log V = log K + β log n over the growth curve. */
function fitHeaps(curve: [number, number][]): { K: number; beta: number } {
  const points = curve.filter(([n]) => n >= 50).map(([n, v]) => [Math.log(n), Math.log(v)]);
  const mx = points.reduce((s, [x]) => s + x!, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y!, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x! - mx) * (y! - my);
    sxx += (x! - mx) ** 2;
  }
  const beta = sxy / sxx;
  return { K: Math.exp(my - beta * mx), beta };
}

export function fitRealText(texts: readonly string[]): RealTextModel {
  const docs = texts.map(words);
  const frequency = new Map<string, number>();
  let tokens = 0;
  let compounds = 0;
  for (const doc of docs) {
    compounds += doc.compounds;
    for (const term of doc.terms) {
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
      tokens += 1;
    }
  }
  const ranked = [...frequency].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked.slice(0, FUNCTION_WORDS);
  const functionSet = new Set(top.map(([t]) => t));
  const functionTotal = top.reduce((s, [, n]) => s + n, 0);
  let acc = 0;
  const functionCumulative = top.map(([, n]) => (acc += n / functionTotal));
  // Content tokens: first uses within an abstract drive the vocabulary; the rest are repeats.
  const seen = new Set<string>();
  const seedWords: string[] = [];
  const curve: [number, number][] = [];
  let firstUses = 0;
  let repeats = 0;
  let content = 0;
  for (const doc of docs) {
    const inDoc = new Set<string>();
    for (const term of doc.terms) {
      if (functionSet.has(term)) continue;
      content += 1;
      if (inDoc.has(term)) {
        repeats += 1;
        continue;
      }
      inDoc.add(term);
      firstUses += 1;
      if (!seen.has(term)) {
        seen.add(term);
        seedWords.push(term);
      }
      curve.push([firstUses, seen.size]);
    }
  }
  const { K, beta } = fitHeaps(curve);
  const trigrams = new Map<string, Map<string, number>>();
  for (const word of seedWords) {
    if (!/^[a-z]{3,}$/.test(word)) continue;
    const padded = `^^${word}$`;
    for (let i = 2; i < padded.length; i += 1) {
      const key = padded.slice(i - 2, i);
      const next = padded[i]!;
      let row = trigrams.get(key);
      if (!row) trigrams.set(key, (row = new Map()));
      row.set(next, (row.get(next) ?? 0) + 1);
    }
  }
  return {
    functionWords: top.map(([t]) => t),
    functionCumulative,
    functionShare: functionTotal / tokens,
    heapsK: K,
    heapsBeta: beta,
    repeatShare: repeats / content,
    hyphenShare: compounds / content,
    seedWords,
    lengths: docs.map((d) => d.terms.length).filter((n) => n > 20),
    trigrams,
  };
}

function drawCumulative(random: Random, cumulative: readonly number[]): number {
  const x = random();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A stream of synthetic abstracts under a fitted model. */
export class RealTextGenerator {
  private readonly model: RealTextModel;
  private readonly random: Random;
  /** Every content first-use token so far, as vocabulary ids (copying one is Zipf's law). */
  private readonly stream: number[] = [];
  private readonly vocabulary: string[] = [];
  private readonly spelled = new Set<string>();
  private readonly trigramRows = new Map<string, { letters: string[]; cumulative: number[] }>();

  constructor(model: RealTextModel, seed: number) {
    this.model = model;
    this.random = seededRandom(seed);
    for (const word of model.functionWords) this.spelled.add(word);
    for (const [key, row] of model.trigrams) {
      const letters = [...row.keys()];
      const total = [...row.values()].reduce((s, n) => s + n, 0);
      let acc = 0;
      this.trigramRows.set(key, {
        letters,
        cumulative: letters.map((l) => (acc += (row.get(l) ?? 0) / total)),
      });
    }
  }

  private newWord(): number {
    const id = this.vocabulary.length;
    let word = this.model.seedWords[id];
    // Some new words are hyphenated pairs of known ones (`multi-task`): they recur like any word.
    if (id > 100 && this.random() < this.model.hyphenShare) {
      const a = this.vocabulary[Math.floor(this.random() * id)]!;
      const b = this.vocabulary[Math.floor(this.random() * id)]!;
      if (!a.includes('-') && !b.includes('-') && !this.spelled.has(`${a}-${b}`))
        word = `${a}-${b}`;
    }
    if (word === undefined || this.spelled.has(word)) word = this.inventWord();
    this.spelled.add(word);
    this.vocabulary.push(word);
    return id;
  }

  /** A word of the trigram model not yet used (a number suffix after many tries). */
  private inventWord(): string {
    for (let attempt = 0; ; attempt += 1) {
      let word = '';
      let key = '^^';
      while (word.length < 18) {
        const row = this.trigramRows.get(key);
        if (!row) break;
        const letter = row.letters[drawCumulative(this.random, row.cumulative)]!;
        if (letter === '$') break;
        word += letter;
        key = key[1] + letter;
      }
      if (word.length >= 3 && (attempt > 50 || !this.spelled.has(word))) {
        return this.spelled.has(word) ? `${word}${attempt}` : word;
      }
    }
  }

  /** The next content word that is new to its abstract. */
  private firstUse(inDoc: ReadonlySet<string>): number {
    const n = this.stream.length + 1;
    const { heapsK: K, heapsBeta: beta } = this.model;
    const pNew = Math.min(1, K * beta * n ** (beta - 1));
    let id: number;
    if (this.stream.length === 0 || this.random() < pNew) id = this.newWord();
    else {
      // A copy the abstract already holds is drawn again (a few times), so first uses stay first.
      id = this.stream[Math.floor(this.random() * this.stream.length)]!;
      for (let tries = 0; inDoc.has(this.vocabulary[id]!) && tries < 4; tries += 1) {
        id = this.stream[Math.floor(this.random() * this.stream.length)]!;
      }
    }
    this.stream.push(id);
    return id;
  }

  abstract(): string {
    const m = this.model;
    const length = m.lengths[Math.floor(this.random() * m.lengths.length)]!;
    const used: string[] = [];
    const inDoc = new Set<string>();
    const out: string[] = [];
    let sentence = 0;
    for (let i = 0; i < length; i += 1) {
      let word: string;
      if (this.random() < m.functionShare) {
        word = m.functionWords[drawCumulative(this.random, m.functionCumulative)]!;
      } else if (used.length > 0 && this.random() < m.repeatShare) {
        word = used[Math.floor(this.random() * used.length)]!;
      } else {
        word = this.vocabulary[this.firstUse(inDoc)]!;
        inDoc.add(word);
        used.push(word);
      }
      const startsSentence = sentence === 0;
      out.push(startsSentence ? word.charAt(0).toUpperCase() + word.slice(1) : word);
      sentence += 1;
      const last = out.length - 1;
      if (sentence > 8 && this.random() < 1 / 14) {
        out[last] += '.';
        sentence = 0;
      }
    }
    return out
      .join(' ')
      .replace(/- /g, '-')
      .replace(/[-\s]*$/, '.');
  }
}

let cachedModel: RealTextModel | undefined;

/** The model fitted on the repository's real abstracts (once per process). */
export function realTextModel(root = '.'): RealTextModel {
  cachedModel ??= fitRealText(realAbstracts(root));
  return cachedModel;
}

/** `count` synthetic abstracts with a real vocabulary's growth. */
export function realTextAbstracts(count: number, seed: number, root = '.'): string[] {
  const generator = new RealTextGenerator(realTextModel(root), seed);
  return Array.from({ length: count }, () => generator.abstract());
}

/** Distinct index terms, and the gzipped bytes per paper of the index's terms and postings. */
export function indexFigures(texts: readonly string[]): {
  distinct: number;
  bytesPerPaper: number;
} {
  const papers = texts.map(
    (plainText, i) =>
      ({
        slug: `p${i}`,
        title: '',
        name: null,
        plainText,
        keywords: [],
        authors: [],
        acronyms: [],
        tags: [],
        types: [],
        links: [],
        hasCode: false,
        titleSource: 'given',
        year: null,
      }) as unknown as Paper,
  );
  const { index } = buildSearchIndex(papers);
  const distinct = index.terms === '' ? 0 : index.terms.split('\n').length;
  const bytes = gzipSync(JSON.stringify({ terms: index.terms, postings: index.postings })).length;
  return { distinct, bytesPerPaper: bytes / Math.max(1, texts.length) };
}

export interface RealTextCheck {
  papers: number;
  real: { distinct: number; bytesPerPaper: number };
  generated: { distinct: number; bytesPerPaper: number };
  /** Generated ÷ real − 1, for both figures. */
  distinctError: number;
  bytesError: number;
  ok: boolean;
}

/** Generated against real abstracts at the real corpus's size: within 20 % on both figures. */
export function realTextCheck(seed = 1, root = '.'): RealTextCheck {
  const real = realAbstracts(root);
  const generated = realTextAbstracts(real.length, seed, root);
  const r = indexFigures(real);
  const g = indexFigures(generated);
  const distinctError = g.distinct / r.distinct - 1;
  const bytesError = g.bytesPerPaper / r.bytesPerPaper - 1;
  return {
    papers: real.length,
    real: r,
    generated: g,
    distinctError,
    bytesError,
    ok: Math.abs(distinctError) <= 0.2 && Math.abs(bytesError) <= 0.2,
  };
}

export function describeCheck(check: RealTextCheck): string {
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
  return (
    `real-text check at ${check.papers} abstracts: distinct terms ${check.generated.distinct} ` +
    `generated vs ${check.real.distinct} real (${pct(check.distinctError)}); index bytes per ` +
    `paper (terms + postings, gzip) ${check.generated.bytesPerPaper.toFixed(0)} vs ` +
    `${check.real.bytesPerPaper.toFixed(0)} (${pct(check.bytesError)}): ` +
    (check.ok ? 'within 20 %' : 'NOT within 20 %')
  );
}
