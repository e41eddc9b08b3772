/**
 * Writes synthetic abstract dumps for benchmarks and scale tests, deterministically (seeded PRNG):
 *   tsx scripts/generate-dumps.ts --count 20000 --out .bench/dumps-20000 [--dumps 5] [--seed 1]
 * Each abstract is ~1.5 KB of recombined ML sentences with the mess real dumps have: `$math$`,
 * `\textbf{}`, TeX quotes, URLs, acronym definitions, named methods, hard wraps and a few duplicates.
 * `--text real` writes abstracts whose vocabulary grows as real abstracts' does instead (Heaps' and
 * Zipf's laws fitted on the repository's real abstracts, scripts/bench/real-text.ts) and prints how
 * close their distinct words and index bytes per paper come to the real ones; the template text's
 * 20,000 abstracts hold ~3,000 distinct words, real ones tens of thousands.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom } from '../src/lib/random';
import { describeCheck, RealTextGenerator, realTextCheck, realTextModel } from './bench/real-text';

/** A random source in [0, 1). */
type Random = () => number;

export { seededRandom };

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}
const chance = (random: Random, p: number): boolean => random() < p;
const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

const FIELDS = [
  'reinforcement learning',
  'natural language processing',
  'computer vision',
  'graph representation learning',
  'speech recognition',
  'time-series forecasting',
  'robotic manipulation',
  'drug discovery',
  'federated learning',
  'recommender systems',
  'medical imaging',
  'code generation',
];
const TASKS = [
  'long-context reasoning',
  'out-of-distribution generalization',
  'few-shot classification',
  'multi-task learning',
  'offline policy optimization',
  'retrieval-augmented generation',
  'molecular property prediction',
  'video question answering',
  'sim-to-real transfer',
  'preference alignment',
  'anomaly detection',
  'neural architecture search',
];
const ISSUES = [
  'severe overestimation bias',
  'quadratic memory cost',
  'catastrophic forgetting',
  'poor calibration under distribution shift',
  'reward hacking',
  'spurious correlations',
  'slow convergence',
  'high variance gradient estimates',
];
const APPROACHES = [
  'framework',
  'training objective',
  'architecture',
  'benchmark',
  'dataset',
  'algorithm',
  'regularizer',
  'decoding strategy',
];
const LONG_FORMS = [
  ['Sparse', 'Mixture', 'Routing'],
  ['Contrastive', 'Preference', 'Learning'],
  ['Adaptive', 'Token', 'Pruning'],
  ['Hierarchical', 'Memory', 'Transformer'],
  ['Causal', 'Graph', 'Attention'],
  ['Diffusion', 'Policy', 'Distillation'],
  ['Uncertainty', 'Aware', 'Retrieval'],
  ['Latent', 'Action', 'Model'],
  ['Robust', 'Value', 'Estimation'],
  ['Multi', 'Scale', 'Fusion', 'Network'],
];
/** A method name is a prefix and a suffix, e.g. Seal + QA. */
const NAME_PREFIXES = [
  'Seal',
  'Drop',
  'Fast',
  'Poly',
  'Venus',
  'Hydra',
  'Echo',
  'Nova',
  'Quill',
  'Orbit',
  'Atlas',
];
const NAME_SUFFIXES = [
  'QA',
  'KV',
  'Former',
  'Net',
  'Bench',
  'Gen',
  'RL',
  'Graph',
  'Mix',
  'Flow',
  'Lens',
];
const MATH = [
  '$\\mathcal{O}(n \\log n)$',
  '$\\tilde{O}(\\sqrt{T})$',
  '$\\Omega(d^2)$',
  '$\\epsilon$-optimal',
  '$\\ell_2$',
  '$\\mathbb{R}^d$',
  '$k \\leq 8$',
  '$O(1/\\sqrt{K})$',
];
const BASELINES = ['GPT-4o', 'Llama-3-8B', 'PPO', 'ResNet-50', 'BERT', 'GRPO', 'ViT-B/16'];
const METRICS = ['accuracy', 'F1', 'success rate', 'throughput', 'calibration error', 'win rate'];

function methodName(random: Random): string {
  const name = pick(random, NAME_PREFIXES) + pick(random, NAME_SUFFIXES);
  return chance(random, 0.3) ? `${name}-${between(random, 1, 9)}` : name;
}

function sentences(random: Random, name: string): string[] {
  const field = pick(random, FIELDS);
  const task = pick(random, TASKS);
  const long = pick(random, LONG_FORMS);
  const acronym = long.map((word) => word[0]).join('');
  const shownName = chance(random, 0.25) ? `\\textbf{${name}}` : name;
  const cost = chance(random, 0.3) ? pick(random, MATH) : 'a linear cost in the input length';
  const speedup = `${between(random, 2, 12)}.${between(random, 0, 9)}`;
  const faster = chance(random, 0.3) ? `${speedup}$\\times$` : `${speedup} times`;
  const percent = chance(random, 0.4) ? '\\%' : ' percent';
  const moreData = chance(random, 0.15) ? "``more data''" : 'more data';
  const gain = `${between(random, 1, 40)}.${between(random, 0, 9)}`;
  const list = [
    `${capitalise(task)} remains a central challenge in ${field}, where models must cope with noisy, incomplete and shifting data collected from many sources.`,
    `However, existing approaches suffer from ${pick(random, ISSUES)} when the number of tasks grows, and they rarely come with guarantees that hold in practice.`,
    `In this paper, we propose ${shownName}, a ${pick(random, APPROACHES)} for ${task} built on ${long.join(' ')} (${acronym}).`,
    `${acronym} decomposes the problem into smaller subproblems whose solutions are combined by a learned controller, which keeps the cost at ${cost} per step.`,
    `We prove that ${name} converges under mild assumptions and that its error is bounded by a term that shrinks with the amount of ${chance(random, 0.5) ? 'unlabeled' : 'offline'} data.`,
    `Experiments on ${between(random, 3, 14)} benchmarks show that ${name} improves ${pick(random, METRICS)} by ${gain}${percent} over ${pick(random, BASELINES)} and runs up to ${faster} faster.`,
    `We further find that ${moreData} is not always better: carefully filtered subsets yield stronger ${pick(random, METRICS)} at a fraction of the compute.`,
    `Ablations confirm that each component of ${acronym} contributes, and the gains persist across model sizes from 100M to 8B parameters.`,
  ];
  const extras = [
    `Unlike prior work that relies on ${pick(random, BASELINES)}-style pipelines, ${name} needs no additional supervision and trains end-to-end on a single GPU in under ${between(random, 2, 48)} hours.`,
    `We also introduce an evaluation protocol that measures robustness to ${pick(random, ISSUES)} and release ${between(random, 2, 9)} thousand annotated examples to support future research in ${field}.`,
    `Our analysis reveals that the learned representations capture interpretable structure, such as ${pick(random, TASKS)} cues, which explains much of the improvement.`,
    `Finally, we discuss limitations, including the reliance on ${pick(random, BASELINES)} features and the cost of ${pick(random, TASKS)}, and outline directions for future work.`,
  ];
  const kept = extras.filter(() => chance(random, 0.7));
  list.splice(between(random, 3, list.length), 0, ...kept);
  if (chance(random, 0.25)) {
    list.push(
      `Code is available at https://github.com/${name.toLowerCase()}-lab/${name.toLowerCase()}.`,
    );
  }
  if (chance(random, 0.08)) {
    list.push(
      `The dataset is released at https://huggingface.co/datasets/${name.toLowerCase()}/${task.split(' ')[0]}.`,
    );
  }
  if (chance(random, 0.06)) list.push(`Project page: https://${name.toLowerCase()}.github.io/.`);
  return list;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One synthetic abstract of about 1.5 KB. */
export function syntheticAbstract(random: Random): string {
  return sentences(random, methodName(random)).join(' ');
}

/** Hard-wraps a paragraph at `width` columns, as some dumps are. */
function hardWrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line].join('\n');
}

/** How abstracts are written: recombined template sentences, or text with a real vocabulary. */
export type TextStyle = 'template' | 'real';

/** `count` abstracts spread over `dumps` files; about 1% repeat an earlier abstract. */
export function generateDumps(
  count: number,
  dumps: number,
  seed: number,
  text: TextStyle = 'template',
): Map<string, string> {
  const random = seededRandom(seed);
  const real = text === 'real' ? new RealTextGenerator(realTextModel(), seed) : undefined;
  const paragraphs: string[][] = Array.from({ length: dumps }, () => []);
  const written: string[] = [];
  for (let i = 0; i < count; i++) {
    const repeat = written.length > 0 && chance(random, 0.01);
    const abstract = repeat
      ? pick(random, written)
      : real
        ? real.abstract()
        : syntheticAbstract(random);
    written.push(abstract);
    const dump = i % dumps;
    paragraphs[dump]?.push(dump % 2 === 1 ? hardWrap(abstract, 80) : abstract);
  }
  const files = new Map<string, string>();
  paragraphs.forEach((list, i) => {
    const header = `Synthetic Conference 2026 Papers (part ${i + 1} of ${dumps})`;
    files.set(
      `synthetic-${String(i + 1).padStart(2, '0')}.txt`,
      `${header}\n\n${list.join('\n\n')}\n`,
    );
  });
  return files;
}

const GIVEN = ['Mei', 'Åsa', 'Chidi', 'Pieter', 'Luís', 'Awa', 'Karl', 'Ines', 'Ravi', 'Sun-hee'];
const FAMILY = ['Tanaka', 'Lindqvist', 'Okafor', 'van der Berg', 'Ferreira', 'Ndiaye', 'Müller'];

/** A structured dump format the ingest reads besides plain text. */
export type StructuredFormat = 'bib' | 'jsonl';

/**
 * The same kind of corpus as {@link generateDumps}, as BibTeX or JSON Lines files with a title,
 * 1-6 authors, keywords and a URL per entry (the abstract is kept on one line).
 */
export function generateStructuredDumps(
  count: number,
  dumps: number,
  seed: number,
  format: StructuredFormat,
): Map<string, string> {
  const random = seededRandom(seed);
  const entries: string[][] = Array.from({ length: dumps }, () => []);
  for (let i = 0; i < count; i++) {
    const abstract = syntheticAbstract(random);
    const authors = Array.from(
      { length: between(random, 1, 6) },
      () => `${pick(random, GIVEN)} ${pick(random, FAMILY)}`,
    );
    const title = `${capitalise(pick(random, TASKS))} for ${pick(random, FIELDS)}, study ${i + 1}`;
    const keywords = [pick(random, FIELDS), pick(random, TASKS)];
    const key = `paper${i + 1}`;
    const url = `https://openreview.net/forum?id=${key}`;
    entries[i % dumps]?.push(
      format === 'jsonl'
        ? JSON.stringify({
            id: key,
            title,
            authors,
            keywords,
            abstract,
            url,
            venue: 'Synthetic 2026',
          })
        : [
            `@inproceedings{${key},`,
            `  title = {${title}},`,
            `  author = {${authors.join(' and ')}},`,
            `  booktitle = {Synthetic Conference 2026},`,
            `  year = {2026},`,
            `  keywords = {${keywords.join(', ')}},`,
            `  url = {${url}},`,
            `  abstract = {${abstract}},`,
            '}',
          ].join('\n'),
    );
  }
  const files = new Map<string, string>();
  entries.forEach((list, i) => {
    const name = `synthetic-${String(i + 1).padStart(2, '0')}.${format}`;
    files.set(name, `${list.join(format === 'jsonl' ? '\n' : '\n\n')}\n`);
  });
  return files;
}

const USAGE =
  'usage: tsx scripts/generate-dumps.ts --count <n> [--out <dir>] [--dumps <n>] [--seed <n>] [--text template|real]';

function readOptions(argv: string[]): {
  count: number;
  out: string;
  dumps: number;
  seed: number;
  text: TextStyle;
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '20000' },
      out: { type: 'string' },
      dumps: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      text: { type: 'string', default: 'template' },
    },
  });
  if (values.text !== 'template' && values.text !== 'real') {
    throw new Error('--text must be template or real');
  }
  const count = Number(values.count);
  const dumps = Number(values.dumps);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(dumps) || dumps < 1) {
    throw new Error('--count and --dumps must be positive integers');
  }
  const text: TextStyle = values.text;
  const suffix = text === 'real' ? '-real' : '';
  return {
    count,
    dumps,
    seed: Number(values.seed),
    text,
    out: values.out ?? `.bench/dumps-${count}${suffix}`,
  };
}

/** Replaces the folder `out` with the given dumps; returns the bytes written. */
export function writeDumps(out: string, files: Map<string, string>): number {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  for (const [name, text] of files) {
    writeFileSync(join(out, name), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

function run(argv: string[]): number {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.text === 'real') console.log(describeCheck(realTextCheck(options.seed)));
  const files = generateDumps(options.count, options.dumps, options.seed, options.text);
  const bytes = writeDumps(options.out, files);
  const megabytes = (bytes / 1e6).toFixed(1);
  console.log(
    `wrote ${options.count} abstracts in ${files.size} dumps to ${options.out} (${megabytes} MB)`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = run(process.argv.slice(2));
}
