/**
 * `npm run fit:field-vocabulary`: writes src/lib/text/vocabulary/field-vocabulary.json, the static
 * table of a field's shared vocabulary that titles and names read (docs/naming.md, "Field
 * vocabulary"). Counted over many abstracts, never chosen by hand, and frozen in the project: a
 * paper's title (and so its URL slug) depends on its own abstract and this file, never on the other
 * papers of the corpus it is ingested with.
 *
 * - `identifiers`: words written with capitals (acronyms, CamelCase, a capitalised word inside a
 *   sentence) that at least {@link MIN_IDENTIFIER_PAPERS} abstracts use: a field's shorthand (`LLM`,
 *   `RL`, `GNN`), an existing model or dataset (`GPT-4`, `ImageNet`) or a person's name
 *   (`Lipschitz`), never one paper's coinage, so never a name.
 * - `phrases`: what the field's phrases are: acronym long forms that at least
 *   {@link MIN_PHRASE_PAPERS} abstracts define, the long forms of the shared identifiers above
 *   (`graph neural networks` for `GNN`, defined once but used by many), and the taxonomy's labels.
 *   A title is never one of them alone, nor the whole description after a name.
 *
 * Source: every abstract of the fit half of data/dev/ (never the locked half) and the ICML 2023 set
 * of ../shared/dev/ when present, read in place. Re-run after the data grows:
 *   tsx scripts/fit-field-vocabulary.ts [--data <dir>] [--dev <dir>]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { normalizeAbstract } from '../src/lib/ingest/normalize';
import { toPlainText } from '../src/lib/ingest/plaintext';
import { findAcronyms } from '../src/lib/text/acronyms';
import { splitSentences } from '../src/lib/text/sentences';
import { stripAcronymPlural } from '../src/lib/text/terms';
import { readDataDev, readSharedDev } from './eval/dev-data';

const OUT = 'src/lib/text/vocabulary/field-vocabulary.json';
/** An identifier this many abstracts use is the field's, not one paper's. */
const MIN_IDENTIFIER_PAPERS = 3;
/** A long form this many abstracts define names a field's concept. */
const MIN_PHRASE_PAPERS = 2;

/** A word as names are written: letters and digits, maybe joined by hyphens or a plus. */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}+]|-(?=[\p{L}\p{N}]))*/gu;
/** Written with a capital that is not only a sentence's first letter. */
const INNER_CAPITAL = /^.+\p{Lu}|^\p{Lu}{2}/u;

/** The identifiers one sentence uses: capitals inside a word, or a capitalised word not first. */
function identifiersOf(sentence: string): Set<string> {
  const found = new Set<string>();
  let first = true;
  for (const match of sentence.matchAll(WORD)) {
    const word = match[0];
    const capitalised = /^\p{Lu}/u.test(word);
    if (INNER_CAPITAL.test(word) || (capitalised && !first)) found.add(stripAcronymPlural(word));
    first = false;
  }
  return found;
}

function run(): void {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: 'data/dev' },
      dev: { type: 'string', default: '../shared/dev' },
    },
  });
  const rows = [
    ...readDataDev(values.data!).fit.items,
    ...(readSharedDev(values.dev!)?.items ?? []),
  ];
  const usedBy = new Map<string, number>();
  const definedBy = new Map<string, number>();
  const longFormsOf = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const text = toPlainText(normalizeAbstract([row.abstract]));
    const identifiers = new Set<string>();
    for (const sentence of splitSentences(text))
      for (const id of identifiersOf(sentence)) identifiers.add(id);
    for (const id of identifiers) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
    const longForms = new Set<string>();
    for (const acronym of findAcronyms(text)) {
      // One paper's coinage (`Ensemble Task Affinity Predictor`) is defined by one abstract only.
      const long = acronym.long.toLowerCase();
      longForms.add(long);
      const short = stripAcronymPlural(acronym.short);
      const forms = longFormsOf.get(short) ?? new Map<string, number>();
      forms.set(long, (forms.get(long) ?? 0) + 1);
      longFormsOf.set(short, forms);
    }
    for (const long of longForms) definedBy.set(long, (definedBy.get(long) ?? 0) + 1);
  }
  const identifiers = [...usedBy]
    .filter(([, n]) => n >= MIN_IDENTIFIER_PAPERS)
    .map(([id]) => id)
    .sort();
  const shared = new Set(identifiers);
  const phrases = new Set<string>();
  for (const [long, n] of definedBy) if (n >= MIN_PHRASE_PAPERS) phrases.add(long);
  for (const [short, forms] of longFormsOf)
    if (shared.has(short)) for (const long of forms.keys()) phrases.add(long);
  const labels = loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.label.toLowerCase());
  for (const label of labels) phrases.add(label);
  const about =
    'A field\'s shared vocabulary, counted over many abstracts, never chosen by hand (docs/naming.md, "Field vocabulary"). identifiers: capitalised words or acronyms that at least ' +
    `${MIN_IDENTIFIER_PAPERS} abstracts use (never a paper's name); phrases: acronym long forms that at least ${MIN_PHRASE_PAPERS} abstracts define, long forms of those identifiers, and the taxonomy's labels (never a whole title).`;
  const source = `scripts/fit-field-vocabulary.ts over ${rows.length} abstracts: the fit half of data/dev/ and ../shared/dev/ (ICML 2023); never the locked half`;
  writeFileSync(
    OUT,
    `${JSON.stringify({ about, source, identifiers, phrases: [...phrases].sort() }, null, 2)}\n`,
  );
  console.log(
    `${rows.length} abstracts: ${identifiers.length} identifiers, ${phrases.size} phrases → ${OUT}`,
  );
}

run();
