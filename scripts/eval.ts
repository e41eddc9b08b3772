/**
 * `npm run eval`: how the derived fields read on real abstracts the site was not tuned on.
 * Ingests the development set (../shared/dev/real-titles.jsonl, real ICML 2023 abstracts with their
 * real titles, and real-topics.jsonl, topics assigned by reading) and the seed dumps, and prints title
 * token F1, malformed titles, name precision and recall, summary–title overlap, keyword checks,
 * related-paper reasons, topic precision / recall / main-topic hits, and the ingest time.
 * A script, not a test: it reports figures; exit code 1 only when an input is missing.
 *   tsx scripts/eval.ts [--dev <dir>] [--seeds <dir>] [--show titles|names|topics|keywords]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { ingestDumps, readDumpsDir, type DumpFile } from '../src/lib/pipeline';
import type { Paper } from '../src/lib/schema';
import {
  hasStrayPunctuation,
  judgeKeyword,
  judgeSummary,
  judgeTitle,
  realName,
} from './eval/judges';
import { mean, microPrecisionRecall, titleOverlap, tokenF1 } from './eval/metrics';
import { SEED_TOPICS } from '../tests/fixtures/taxonomy/seed-topics';

interface DevItem {
  title: string;
  abstract: string;
  topics: string[];
}

const num = (x: number) => x.toFixed(3);

function readDevSet(dir: string): DevItem[] {
  const lines = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const titles = lines('real-titles.jsonl');
  const topics = lines('real-topics.jsonl');
  return titles.map((row, i) => ({
    title: String(row.title),
    abstract: String(row.abstract),
    topics: (topics[i]?.topics as string[] | undefined) ?? [],
  }));
}

/** The dev set as one plain-text dump, the way a user would add it. */
function asDump(items: readonly DevItem[]): DumpFile {
  const text = ['ICML 2023 (development set)', ...items.map((item) => item.abstract)].join('\n\n');
  return { name: 'dev.txt', bytes: new TextEncoder().encode(`${text}\n`) };
}

function ingestTimed(files: DumpFile[]) {
  const taxonomy = loadTaxonomy('content/taxonomy.yaml');
  const start = performance.now();
  const result = ingestDumps(files, taxonomy);
  return { ...result, ms: performance.now() - start };
}

/**
 * Each dev item's record, by where its abstract is in the dump: item i is the dump's abstract i + 1
 * (1-based, after the header), whatever normalisation did to its text.
 */
function recordsFor(items: readonly DevItem[], papers: readonly Paper[]): (Paper | undefined)[] {
  const byParagraph = new Map(
    papers.flatMap((p) => p.sources.map((source) => [source.paragraph, p] as const)),
  );
  return items.map((_, index) => byParagraph.get(index + 1));
}

function titleReport(items: DevItem[], records: Paper[], show: boolean): void {
  const f1 = records.map((p, i) => tokenF1(p.title, items[i]!.title));
  const malformed = records
    .map((p) => ({ p, why: judgeTitle(p.title, p.name) }))
    .filter((m) => m.why);
  const overlaps = records.map((p) => titleOverlap(p.title, p.summary));
  console.log(`titles: token F1 ${num(mean(f1))} (target ≥ 0.42)`);
  console.log(`titles: malformed ${malformed.length} of ${records.length} (target 0)`);
  for (const m of malformed.slice(0, show ? 100 : 8)) console.log(`  - ${m.why}: "${m.p.title}"`);
  const repeats = overlaps.filter((o) => o > 0.5).length;
  console.log(
    `summaries: ${repeats} repeat their title (overlap > 0.5); mean overlap ${num(mean(overlaps))}`,
  );
  summaryReport(records, show);
  if (show)
    records.forEach((p, i) =>
      console.log(
        `  ${num(f1[i]!)}  ${p.title}\n        real: ${items[i]!.title}\n        sum: ${p.summary}`,
      ),
    );
}

/** Summaries a list card would show badly, by judgeSummary's reasons (no target: a diagnostic). */
function summaryReport(records: readonly Paper[], show: boolean): void {
  const judged = records
    .map((p) => ({ p, why: judgeSummary(p.summary, p.title, p.name) }))
    .filter((j) => j.why !== null);
  const counts = new Map<string, number>();
  for (const j of judged) counts.set(j.why!, (counts.get(j.why!) ?? 0) + 1);
  const parts = [...counts].map(([why, n]) => `${n} ${why}`).join(', ');
  console.log(
    `summaries: ${judged.length} of ${records.length} read badly${parts ? ` (${parts})` : ''}`,
  );
  for (const j of judged.slice(0, show ? 100 : 0)) console.log(`  - ${j.why}: "${j.p.summary}"`);
}

/**
 * Name precision: a predicted name is wrong when the real title names the paper otherwise, or when
 * it cannot be a coined name at all (not in the abstract as written, stray punctuation, a plural
 * acronym, or used by two or more other abstracts of the set: a field's vocabulary, not a coinage).
 * A well-formed name the authors coined but left out of their title is not counted wrong: titles
 * cannot tell it. Recall: real names (see realName) found exactly.
 */
function nameReport(items: DevItem[], records: Paper[], show: boolean): void {
  const real = items.map((item) => realName(item.title, item.abstract));
  const usedBy = (name: string) =>
    items.filter((item) =>
      new RegExp(`(^|[^\\p{L}\\p{N}])${escape(name)}($|[^\\p{L}\\p{N}])`, 'u').test(item.abstract),
    ).length;
  const wrong: { p: Paper; why: string }[] = [];
  let predicted = 0;
  records.forEach((p, i) => {
    if (!p.name) return;
    predicted += 1;
    const why =
      real[i] && real[i] !== p.name
        ? `title names it ${real[i]}`
        : !p.abstract.includes(p.name)
          ? 'not in the abstract'
          : hasStrayPunctuation(p.name)
            ? 'stray punctuation'
            : /^\p{Lu}{2,}s$/u.test(p.name)
              ? 'plural acronym'
              : usedBy(p.name) >= 3
                ? `used by ${usedBy(p.name) - 1} other abstracts`
                : null;
    if (why) wrong.push({ p, why });
  });
  const withReal = real.filter((name) => name !== null).length;
  const found = records.filter((p, i) => real[i] !== null && p.name === real[i]).length;
  console.log(
    `names: precision ${num(predicted ? (predicted - wrong.length) / predicted : 1)} ` +
      `(${predicted - wrong.length}/${predicted}, target 1.0); recall ${num(withReal ? found / withReal : 1)} ` +
      `(${found}/${withReal}, target ≥ 0.85)`,
  );
  for (const w of wrong.slice(0, show ? 100 : 5)) console.log(`  wrong: ${w.p.name} (${w.why})`);
  if (show)
    records.forEach((p, i) => {
      if (real[i] && p.name !== real[i]) console.log(`  missed: ${real[i]}  (got ${p.name})`);
    });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function keywordReport(papers: readonly Paper[], show: boolean): void {
  const bad = papers.flatMap((p) =>
    p.keywords
      // A defined acronym's expansion names a concept by definition.
      .filter((k) => !p.acronyms.some((a) => a.long === k || a.short === k))
      .map((k) => ({ k, why: judgeKeyword(k, p.plainText) }))
      .filter((x) => x.why),
  );
  const etAl = papers
    .flatMap((p) => p.related.flatMap((r) => r.terms))
    .filter((t) => /\bet al\b/i.test(t));
  const perPaper = mean(papers.map((p) => p.keywords.length));
  console.log(
    `keywords: ${bad.length} bad (math symbols, verb-led, citation fragments; target 0); ${perPaper.toFixed(1)} a paper`,
  );
  for (const b of bad.slice(0, show ? 200 : 8)) console.log(`  - ${b.why}: "${b.k}"`);
  const related = papers.map((p) => p.related.length);
  const none = related.filter((n) => n === 0).length;
  console.log(
    `related: ${etAl.length} "et al" reasons (target 0); ${mean(related).toFixed(1)} a paper; ${none} papers with none`,
  );
  if (show)
    for (const p of papers.slice(0, 30)) console.log(`  ${p.title}: ${p.keywords.join(' | ')}`);
}

function topicReport(
  label: string,
  predicted: string[][],
  reference: string[][],
  show: boolean,
  titles: string[],
): void {
  const { precision, recall } = microPrecisionRecall(predicted, reference);
  const main = mean(
    predicted.map((tags, i) => (reference[i]![0] && tags.includes(reference[i]![0]) ? 1 : 0)),
  );
  const first = mean(predicted.map((tags, i) => (tags[0] === reference[i]![0] ? 1 : 0)));
  console.log(
    `topics (${label}): precision ${num(precision)}, recall ${num(recall)}, main topic among tags ${num(main)}, ` +
      `first tag = main ${num(first)}, ${mean(predicted.map((t) => t.length)).toFixed(2)} tags a paper`,
  );
  if (show)
    predicted.forEach((tags, i) => {
      const ref = reference[i]!;
      if (tags.join() !== ref.join())
        console.log(`  ${titles[i]}\n     got ${tags.join(', ')}\n     ref ${ref.join(', ')}`);
    });
}

function run(): void {
  const { values } = parseArgs({
    options: {
      dev: { type: 'string', default: '../shared/dev' },
      seeds: { type: 'string', default: 'tests/fixtures/seeds' },
      show: { type: 'string' },
    },
  });
  const items = readDevSet(values.dev!);
  const dev = ingestTimed([asDump(items)]);
  const records = recordsFor(items, dev.papers);
  const missing = records.filter((r) => !r).length;
  const kept = records.map((r, i) => ({ r, item: items[i]! })).filter((x) => x.r) as {
    r: Paper;
    item: DevItem;
  }[];
  console.log(
    `dev set: ${items.length} abstracts, ${dev.papers.length} records (${missing} not found), ingest ${dev.ms.toFixed(0)} ms`,
  );
  const keptItems = kept.map((x) => x.item);
  const keptRecords = kept.map((x) => x.r);
  titleReport(keptItems, keptRecords, values.show === 'titles');
  nameReport(keptItems, keptRecords, values.show === 'names');
  keywordReport(dev.papers, values.show === 'keywords');
  const strip = (tags: readonly string[]) => tags.filter((t) => !t.startsWith('type-'));
  topicReport(
    'dev',
    keptRecords.map((p) => strip(p.tags)),
    keptItems.map((i) => i.topics),
    values.show === 'topics',
    keptItems.map((i) => i.title),
  );

  const seeds = ingestTimed(readDumpsDir(values.seeds!));
  console.log(`seeds: ${seeds.papers.length} records, ingest ${seeds.ms.toFixed(0)} ms`);
  const seedRecords = SEED_TOPICS.map((row) =>
    seeds.papers.find((p) => p.plainText.includes(row.fragment)),
  );
  const seedKept = SEED_TOPICS.map((row, i) => ({ row, p: seedRecords[i] })).filter((x) => x.p);
  topicReport(
    'seeds',
    seedKept.map((x) => strip(x.p!.tags)),
    seedKept.map((x) => [
      x.row.primary[0]!,
      ...x.row.expected.filter((t) => t !== x.row.primary[0]),
    ]),
    values.show === 'seed-topics',
    seedKept.map((x) => x.p!.title),
  );
  const malformedSeeds = seeds.papers.filter((p) => judgeTitle(p.title, p.name)).length;
  console.log(
    `seeds: ${malformedSeeds} malformed titles; ${seeds.papers.filter((p) => p.name).length} names`,
  );
  keywordReport(seeds.papers, values.show === 'seed-keywords');
}

run();
