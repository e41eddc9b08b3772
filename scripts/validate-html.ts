/**
 * Validates every HTML page of a built site with html-validate and the project's .htmlvalidate.json
 * (rule choices explained in docs/security.md). Prints `path:line:column: message (rule)` per error.
 * With `--nu`, also runs the W3C Nu HTML Checker (the `vnu-jar` package; needs Java 8+) on one page
 * of each kind (`papers/<slug>/`, `tags/<tag>/<n>/`…): the validator that browsers' own parsing
 * rules are checked against, which html-validate's lighter model does not replace.
 * Usage: tsx scripts/validate-html.ts [outDir] [--nu]   (default dist); exit code 1 when any page
 * is invalid.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate, StaticConfigLoader, type ConfigData, type Result } from 'html-validate';

const CONFIG_FILE = fileURLToPath(new URL('../.htmlvalidate.json', import.meta.url));

function htmlFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => join(outDir, file));
}

/** The same configuration wherever the folder is: no search for config files next to the pages. */
function validator(): HtmlValidate {
  const config = JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as ConfigData;
  return new HtmlValidate(new StaticConfigLoader(config));
}

async function validate(files: string[]): Promise<Result[]> {
  const html = validator();
  const results: Result[] = [];
  for (const file of files) results.push(...(await html.validateFile(file)).results);
  return results;
}

function report(results: Result[]): number {
  let errors = 0;
  for (const result of results) {
    for (const message of result.messages) {
      errors++;
      const where = `${relative(process.cwd(), result.filePath)}:${message.line}:${message.column}`;
      console.error(`${where}: ${message.message} (${message.ruleId})`);
    }
  }
  return errors;
}

/** One page of each kind: the path with every folder after the first as `*`, first file wins. */
function samplePages(outDir: string, files: readonly string[]): string[] {
  const byKind = new Map<string, string>();
  for (const file of files) {
    const [first, ...rest] = relative(outDir, file).split(sep);
    const kind = [first, ...rest.map((part, i) => (i < rest.length - 1 ? '*' : part))].join('/');
    if (!byKind.has(kind)) byKind.set(kind, file);
  }
  return [...byKind.values()];
}

/** The W3C Nu HTML Checker on `pages`: its errors, printed as it prints them; the error count. */
function nuCheck(pages: readonly string[]): number {
  const jar = join(
    dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
    'build/dist/vnu.jar',
  );
  // A script, not a test worker: a blocking child process is what it is for.
  const result = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', ...pages], {
    encoding: 'utf8',
  });
  if (result.error) {
    console.error(
      `the W3C checker needs Java (apt-get install default-jre-headless): ${result.error.message}`,
    );
    return 1;
  }
  const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) console.error(line);
  return result.status === 0 ? 0 : Math.max(1, lines.length);
}

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const outDir = args.find((arg) => !arg.startsWith('--')) ?? process.env.OUT_DIR ?? 'dist';
  const files = htmlFiles(outDir);
  if (files.length === 0) {
    console.error(`no HTML pages in ${outDir}: build the site first (npm run build)`);
    return 1;
  }
  const errors = report(await validate(files));
  console.log(`${errors} HTML errors in ${files.length} pages of ${outDir}`);
  if (!args.includes('--nu')) return errors === 0 ? 0 : 1;
  const sample = samplePages(outDir, files);
  const nuErrors = nuCheck(sample);
  console.log(
    `W3C Nu HTML Checker: ${nuErrors} errors in ${sample.length} pages, one of each kind`,
  );
  return errors === 0 && nuErrors === 0 ? 0 : 1;
}

process.exitCode = await run();
