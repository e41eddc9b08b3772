/**
 * Writes docs/seed-titles.md: the name, title and summary the ingest derives for every seed
 * abstract (tests/fixtures/seeds), to read through after changing the naming rules.
 *   tsx scripts/seed-titles.ts [--seeds tests/fixtures/seeds] [--out docs/seed-titles.md]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { ingestDumps, readDumpsDir } from '../src/lib/pipeline';
import type { Paper } from '../src/lib/schema';

const HEADER = `# Seed titles

Name, title and summary of every seed abstract, as the ingest derives them. Regenerate with
\`npx tsx scripts/seed-titles.ts\` after changing the naming rules and read it through: the names are
asserted by \`tests/unit/names-seeds.test.ts\`; whether titles and summaries read well is judged here.

| Abstract | Name | Title | Summary |
| -------- | ---- | ----- | ------- |
`;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function row(paper: Paper): string {
  const source = paper.sources[0]!;
  const where = `${source.file.slice(0, 3)} #${source.paragraph}`;
  return `| ${where} | ${cell(paper.name ?? '—')} | ${cell(paper.title)} | ${cell(paper.summary)} |`;
}

function run(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      seeds: { type: 'string', default: 'tests/fixtures/seeds' },
      out: { type: 'string', default: 'docs/seed-titles.md' },
    },
  });
  const result = ingestDumps(readDumpsDir(values.seeds!), loadTaxonomy('content/taxonomy.yaml'));
  if (result.problems.length > 0) {
    console.error(`${result.problems.length} problems in ${values.seeds}`);
    return 1;
  }
  writeFileSync(values.out!, `${HEADER}${result.papers.map(row).join('\n')}\n`);
  console.log(`wrote ${values.out}: ${result.papers.length} papers`);
  return 0;
}

process.exitCode = run(process.argv.slice(2));
