/**
 * Validates every HTML page of a built site with html-validate and the project's .htmlvalidate.json
 * (rule choices explained in docs/security.md). Prints `path:line:column: message (rule)` per error.
 * Usage: tsx scripts/validate-html.ts [outDir]   (default dist); exit code 1 when any page is invalid.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

async function run(): Promise<number> {
  const outDir = process.argv[2] ?? process.env.OUT_DIR ?? 'dist';
  const files = htmlFiles(outDir);
  if (files.length === 0) {
    console.error(`no HTML pages in ${outDir}: build the site first (npm run build)`);
    return 1;
  }
  const errors = report(await validate(files));
  console.log(`${errors} HTML errors in ${files.length} pages of ${outDir}`);
  return errors === 0 ? 0 : 1;
}

process.exitCode = await run();
