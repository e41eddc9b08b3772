/**
 * `npm run eval`: how the derived fields read on real abstracts the site was not tuned on.
 * Ingests each development set the way a user's dump is ingested — the fit half and the locked
 * half of `data/dev/` (split once by venue, `data/dev/split.json`; docs/naming.md, "Protocol") and,
 * when present, the ICML 2023 set of `../shared/dev/` — and the seed dumps, and prints title token
 * F1, malformed titles, titles that are a field's name or headed by a negated phrase, name
 * precision and recall, summaries that are not whole or say nothing, keyword checks (everyday
 * words against a general frequency list), related-paper reasons and topic precision / recall /
 * main-topic hits. The locked half is only ever scored: `--show` never lists its items.
 * A script, not a test: it reports figures; exit code 1 only when an input is missing.
 *   tsx scripts/eval.ts [--data <dir>] [--dev <dir>] [--seeds <dir>]
 *                       [--show titles|names|topics|keywords] (fit half and ICML 2023 only)
 *                       [--fit-only] (leave the locked half out: for work in progress, so that
 *                       a change is not tried against the locked figures again and again)
 *                       [--blind <dir>] (default data/dev/blind: the blind set, venues of
 *                       fields the halves lack, scored like the locked half; left out by --fit-only)
 * Any set never read item by item is scored the same way as the locked half of its own folder:
 * `--data <dir>` holding its `.jsonl` files and a `split.json` of `{"fit": [], "locked": [...]}`.
 */
import { parseArgs } from 'node:util';
import { toPlainText } from '../src/lib/ingest/plaintext';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { describePaper, fieldAcronymSet, fieldPhraseBags } from '../src/lib/ingest/naming/describe';
import { ingestDumps, readDumpsDir, type DumpFile } from '../src/lib/pipeline';
import type { Paper } from '../src/lib/schema';
import {
  hasStrayPunctuation,
  judgeFieldTitle,
  judgeKeyword,
  judgeNegatedHead,
  judgeSummary,
  judgeSummaryWhole,
  isEverydayKeyword,
  judgeTitle,
  phraseBag,
  realName,
} from './eval/judges';
import {
  readBlindSet,
  readDataDev,
  readSharedDev,
  type DevItem,
  type DevSet,
} from './eval/dev-data';
import { setPrinter, type SetPrinter } from './eval/report';
import { mean, microPrecisionRecall, titleOverlap, tokenF1 } from './eval/metrics';
import { SEED_TOPICS } from '../tests/fixtures/taxonomy/seed-topics';

const num = (x: number) => x.toFixed(3);

/** The dev set as one plain-text dump, the way a user would add it. */
function asDump(items: readonly DevItem[]): DumpFile {
  const text = ['Development set', ...items.map((item) => item.abstract)].join('\n\n');
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

/**
 * Phrases that name a field, not a paper: the taxonomy's labels and every acronym expansion that
 * two or more papers of the corpus define (as content-stem bags, docs/naming.md).
 */
function fieldBags(papers: readonly Paper[]): Set<string> {
  const labels = loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.label);
  const definedBy = new Map<string, number>();
  for (const p of papers)
    for (const bag of new Set(p.acronyms.map((a) => phraseBag(a.long))))
      definedBy.set(bag, (definedBy.get(bag) ?? 0) + 1);
  const shared = [...definedBy].filter(([, n]) => n >= 2).map(([bag]) => bag);
  return new Set([...labels.map(phraseBag), ...shared].filter((bag) => bag !== ''));
}

function misleadReport(
  items: DevItem[],
  records: Paper[],
  all: readonly Paper[],
  out: SetPrinter,
  show: boolean,
) {
  const bags = fieldBags(all);
  const field = records.filter((p) => judgeFieldTitle(p.title, p.name, bags));
  const negated = records
    .map((p) => ({ p, why: judgeNegatedHead(p.title, p.name, p.plainText) }))
    .filter((x) => x.why);
  out.aggregate(
    `titles: ${field.length} a field or topic name alone (target 0); ${negated.length} headed by a negated phrase (target 0)`,
  );
  for (const p of field) out.item(`  - field: "${p.title}"`, show);
  for (const x of negated) out.item(`  - ${x.why}: "${x.p.title}"`, show);
  const whole = records
    .map((p) => ({ p, why: judgeSummaryWhole(p.summary, p.title) }))
    .filter((x) => x.why !== null);
  const counts = new Map<string, number>();
  for (const x of whole) {
    const kind = x.why!.replace(/ \(.*$/, '');
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const parts = [...counts].map(([why, n]) => `${n} ${why}`).join(', ');
  out.aggregate(
    `summaries: ${whole.length} of ${records.length} not whole or empty${parts ? ` (${parts})` : ''}; targets: 0 mid-sentence, 0 without a content word`,
  );
  for (const x of whole) out.item(`  - ${x.why}: "${x.p.summary}"`, show);
  void items;
}

/**
 * What the titles and names would be with the corpus statistics the ingest does not pass yet
 * (docs/naming.md, "Field names"): each record described again with the corpus's field phrases
 * (taxonomy labels, expansions two or more papers define) and field acronyms (defined by three or
 * more papers). Prints title F1, field-name titles and names with them.
 */
function corpusHookReport(
  items: DevItem[],
  records: Paper[],
  all: readonly Paper[],
  out: SetPrinter,
): void {
  const labels = loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.label);
  const options = {
    fieldPhrases: fieldPhraseBags(
      labels,
      all.map((p) => p.acronyms.map((a) => a.long)),
    ),
    fieldAcronyms: fieldAcronymSet(all.map((p) => p.acronyms.map((a) => a.short))),
  };
  const again = records.map((p) => ({ ...p, ...describePaper(p.plainText, options) }));
  const f1 = again.map((p, i) => tokenF1(p.title, items[i]!.title));
  const field = again.filter((p) => judgeFieldTitle(p.title, p.name, fieldBags(all))).length;
  const real = items.map((item) => realName(item.title, item.abstract));
  const named = again.filter((p) => p.name).length;
  const wrong = again.filter((p, i) => p.name && real[i] && real[i] !== p.name).length;
  const withReal = real.filter((n) => n !== null).length;
  const found = again.filter((p, i) => real[i] !== null && p.name === real[i]).length;
  out.aggregate(
    `with corpus field phrases and acronyms (not used by the ingest: a title and slug depend on the abstract alone): title F1 ${num(mean(f1))}; ` +
      `${field} field-name titles; names ${named} (${wrong} the title names otherwise), recall ${num(withReal ? found / withReal : 1)}`,
  );
}

function titleReport(items: DevItem[], records: Paper[], out: SetPrinter, show: boolean): void {
  const f1 = records.map((p, i) => tokenF1(p.title, items[i]!.title));
  const malformed = records
    .map((p) => ({ p, why: judgeTitle(p.title, p.name) }))
    .filter((m) => m.why);
  const overlaps = records.map((p) => titleOverlap(p.title, p.summary));
  out.aggregate(`titles: token F1 ${num(mean(f1))} (target ≥ 0.42)`);
  out.aggregate(`titles: malformed ${malformed.length} of ${records.length} (target 0)`);
  for (const m of malformed.slice(0, show ? 100 : 8)) out.item(`  - ${m.why}: "${m.p.title}"`);
  const repeats = overlaps.filter((o) => o > 0.5).length;
  out.aggregate(
    `summaries: ${repeats} repeat their title (overlap > 0.5); mean overlap ${num(mean(overlaps))}`,
  );
  summaryReport(records, out, show);
  records.forEach((p, i) =>
    out.item(
      `  ${num(f1[i]!)}  ${p.title}\n        real: ${items[i]!.title}\n        sum: ${p.summary}`,
      show,
    ),
  );
}

/** Summaries a list card would show badly, by judgeSummary's reasons (no target: a diagnostic). */
function summaryReport(records: readonly Paper[], out: SetPrinter, show: boolean): void {
  const judged = records
    .map((p) => ({ p, why: judgeSummary(p.summary, p.title, p.name) }))
    .filter((j) => j.why !== null);
  const counts = new Map<string, number>();
  for (const j of judged) counts.set(j.why!, (counts.get(j.why!) ?? 0) + 1);
  const parts = [...counts].map(([why, n]) => `${n} ${why}`).join(', ');
  out.aggregate(
    `summaries: ${judged.length} of ${records.length} read badly${parts ? ` (${parts})` : ''}`,
  );
  for (const j of judged.slice(0, show ? 100 : 0)) out.item(`  - ${j.why}: "${j.p.summary}"`);
}

/**
 * Name precision: a predicted name is wrong when the real title names the paper otherwise, or when
 * it cannot be a coined name at all (not in the abstract as written or as rendered, stray
 * punctuation, a plural acronym, or used by two or more other abstracts of the set: a field's
 * vocabulary, not a coinage).
 * A well-formed name the authors coined but left out of their title is not counted wrong: titles
 * cannot tell it. Recall: real names (see realName; as rendered) found exactly.
 */
function nameReport(items: DevItem[], records: Paper[], out: SetPrinter, show: boolean): void {
  // As the reader sees it: a title's `S$\Omega$I` is the name SΩI the site shows.
  const real = items.map((item) => {
    const name = realName(item.title, item.abstract);
    return name && /[$\\]/.test(name) ? toPlainText(name) : name;
  });
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
        : // As the reader sees the abstract: `$\Psi$PO` is shown, and named, as ΨPO.
          !p.abstract.includes(p.name) && !p.plainText.includes(p.name)
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
  out.aggregate(
    `names: precision ${num(predicted ? (predicted - wrong.length) / predicted : 1)} ` +
      `(${predicted - wrong.length}/${predicted}, target ≥ 0.97); recall ${num(withReal ? found / withReal : 1)} ` +
      `(${found}/${withReal}, target ≥ 0.90)`,
  );
  for (const w of wrong.slice(0, show ? 100 : 5)) out.item(`  wrong: ${w.p.name} (${w.why})`);
  records.forEach((p, i) => {
    if (real[i] && p.name !== real[i]) out.item(`  missed: ${real[i]}  (got ${p.name})`, show);
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function keywordReport(papers: readonly Paper[], out: SetPrinter, show: boolean): void {
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
  const all = papers.flatMap((p) => p.keywords);
  const everyday = all.filter((k) => isEverydayKeyword(k));
  out.aggregate(
    `keywords: ${bad.length} bad (math symbols, verb-led, citation fragments; target 0); ${perPaper.toFixed(1)} a paper; ` +
      `${everyday.length} everyday words alone (${((100 * everyday.length) / Math.max(1, all.length)).toFixed(1)} %, target ≤ 1 %)`,
  );
  out.item(`  everyday: ${[...new Set(everyday)].join(', ')}`, show);
  for (const b of bad.slice(0, show ? 200 : 8)) out.item(`  - ${b.why}: "${b.k}"`);
  const related = papers.map((p) => p.related.length);
  const none = related.filter((n) => n === 0).length;
  out.aggregate(
    `related: ${etAl.length} "et al" reasons (target 0); ${mean(related).toFixed(1)} a paper; ${none} papers with none`,
  );
  for (const p of papers.slice(0, 30)) out.item(`  ${p.title}: ${p.keywords.join(' | ')}`, show);
}

function topicReport(
  label: string,
  predicted: string[][],
  reference: string[][],
  out: SetPrinter,
  show: boolean,
  titles: string[],
): void {
  const { precision, recall } = microPrecisionRecall(predicted, reference);
  const main = mean(
    predicted.map((tags, i) => (reference[i]![0] && tags.includes(reference[i]![0]) ? 1 : 0)),
  );
  const first = mean(predicted.map((tags, i) => (tags[0] === reference[i]![0] ? 1 : 0)));
  out.aggregate(
    `topics (${label}): precision ${num(precision)}, recall ${num(recall)}, main topic among tags ${num(main)}, ` +
      `first tag = main ${num(first)}, ${mean(predicted.map((t) => t.length)).toFixed(2)} tags a paper (targets ≥ 0.78 / ≥ 0.72 / ≥ 0.85)`,
  );
  predicted.forEach((tags, i) => {
    const ref = reference[i]!;
    if (tags.join() !== ref.join())
      out.item(`  ${titles[i]}\n     got ${tags.join(', ')}\n     ref ${ref.join(', ')}`, show);
  });
}

/** Every figure for one development set; item lists only for a set that is not locked. */
function evaluateSet(set: DevSet, showWhat: string | undefined): void {
  const items = set.items;
  const dev = ingestTimed([asDump(items)]);
  const records = recordsFor(items, dev.papers);
  const missing = records.filter((r) => !r).length;
  const kept = records.map((r, i) => ({ r, item: items[i]! })).filter((x) => x.r) as {
    r: Paper;
    item: DevItem;
  }[];
  const out = setPrinter(set.locked);
  out.aggregate(
    `\n== ${set.label}: ${items.length} abstracts, ${dev.papers.length} records (${missing} not found), ingest ${dev.ms.toFixed(0)} ms`,
  );
  // A locked set's printer drops every item line (scripts/eval/report.ts), --show or not.
  const show = (what: string) => showWhat === what;
  const keptItems = kept.map((x) => x.item);
  const keptRecords = kept.map((x) => x.r);
  titleReport(keptItems, keptRecords, out, show('titles'));
  misleadReport(keptItems, keptRecords, dev.papers, out, show('mislead'));
  corpusHookReport(keptItems, keptRecords, dev.papers, out);
  nameReport(keptItems, keptRecords, out, show('names'));
  keywordReport(dev.papers, out, show('keywords'));
  const strip = (tags: readonly string[]) => tags.filter((t) => !t.startsWith('type-'));
  const judged = kept.filter((x) => x.item.topics.length > 0);
  topicReport(
    `${judged.length} with topics`,
    judged.map((x) => strip(x.r.tags)),
    judged.map((x) => x.item.topics),
    out,
    show('topics'),
    judged.map((x) => x.item.title),
  );
}

function run(): void {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: 'data/dev' },
      dev: { type: 'string', default: '../shared/dev' },
      seeds: { type: 'string', default: 'tests/fixtures/seeds' },
      show: { type: 'string' },
      'fit-only': { type: 'boolean', default: false },
      blind: { type: 'string', default: 'data/dev/blind' },
    },
  });
  const { fit, locked } = readDataDev(values.data!);
  const shared = readSharedDev(values.dev!);
  // A half with no file (a blind set given as `--data <dir>` with `"fit": []`) is left out.
  const halves = (values['fit-only'] ? [fit] : [fit, locked]).filter((set) => set.items.length > 0);
  const blind = values['fit-only'] ? null : readBlindSet(values.blind!);
  for (const set of [...halves, blind, shared]) if (set) evaluateSet(set, values.show);

  const seeds = ingestTimed(readDumpsDir(values.seeds!));
  const out = setPrinter(false);
  out.aggregate(`\n== seeds: ${seeds.papers.length} records, ingest ${seeds.ms.toFixed(0)} ms`);
  const seedRecords = SEED_TOPICS.map((row) =>
    seeds.papers.find((p) => p.plainText.includes(row.fragment)),
  );
  const seedKept = SEED_TOPICS.map((row, i) => ({ row, p: seedRecords[i] })).filter((x) => x.p);
  const strip = (tags: readonly string[]) => tags.filter((t) => !t.startsWith('type-'));
  topicReport(
    'seeds',
    seedKept.map((x) => strip(x.p!.tags)),
    seedKept.map((x) => [
      x.row.primary[0]!,
      ...x.row.expected.filter((t) => t !== x.row.primary[0]),
    ]),
    out,
    values.show === 'seed-topics',
    seedKept.map((x) => x.p!.title),
  );
  const malformedSeeds = seeds.papers.filter((p) => judgeTitle(p.title, p.name)).length;
  out.aggregate(
    `seeds: ${malformedSeeds} malformed titles; ${seeds.papers.filter((p) => p.name).length} names`,
  );
  misleadReport([], seeds.papers, seeds.papers, out, values.show === 'seed-mislead');
  keywordReport(seeds.papers, out, values.show === 'seed-keywords');
}

run();
