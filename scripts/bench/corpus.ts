/**
 * The bench's corpora, made the way the site makes its records: synthetic dumps from
 * scripts/generate-dumps.ts, records from scripts/ingest.ts (each in its own process).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PapersSchema, type Paper, type Topic } from '../../src/lib/schema';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { ingestCommand } from '../ingest-command';

export interface Corpus {
  name: string;
  papers: Paper[];
}

const TAXONOMY_FILE = 'content/taxonomy.yaml';

function tsx(args: string[]): void {
  execFileSync('npx', ['tsx', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** The ingest as `npm run ingest` runs it. */
function runIngest(args: string[]): void {
  const [program, ...command] = ingestCommand();
  execFileSync(program, [...command, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Records for a dumps folder, ingested into `out` unless `reuse` and it already exists. */
function ingest(dumps: string, out: string, reuse: boolean): Paper[] {
  if (!(reuse && existsSync(out))) runIngest(['--dumps', dumps, '--out', out]);
  return PapersSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
}

/** The 57 seed papers of content/dumps. */
export function seedCorpus(work: string, reuse: boolean): Corpus {
  return { name: 'seed', papers: ingest('content/dumps', join(work, 'seed.json'), reuse) };
}

/**
 * `count` synthetic papers, generated with the generator's default seed, or read from `given`
 * dumps generated before. `text: 'real'` (the default) writes abstracts whose vocabulary grows as
 * real abstracts' does (scripts/bench/real-text.ts); `template` the old recombined sentences.
 */
export function syntheticCorpus(
  work: string,
  count: number,
  reuse: boolean,
  given?: string,
  text: 'real' | 'template' = 'real',
): Corpus {
  const suffix = text === 'real' ? '-real' : '';
  const dumps = given ?? join(work, `dumps-${count}${suffix}`);
  if (given === undefined && !(reuse && existsSync(dumps))) {
    tsx(['scripts/generate-dumps.ts', '--count', String(count), '--out', dumps, '--text', text]);
  }
  return {
    name: `synthetic-${count}${suffix}`,
    papers: ingest(dumps, join(work, `synthetic-${count}${suffix}.json`), reuse),
  };
}

/** The taxonomy's topics, whose labels the site's index includes, as the site reads them. */
export function readTopics(): Topic[] {
  return loadTaxonomy(TAXONOMY_FILE).topics;
}
