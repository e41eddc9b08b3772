/**
 * The ingest's command line as `npm run ingest` runs it (package.json), without npm in between:
 * what the benches measure and the tests run, so they see the user's command, Node flags included.
 */
import { readFileSync } from 'node:fs';

/** `[program, ...args]`: `node` is this process's own Node binary. */
export function ingestCommand(): [string, ...string[]] {
  const scripts = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [program, ...args] = (scripts.ingest ?? '').split(/\s+/).filter(Boolean);
  if (program !== 'node')
    throw new Error(`package.json's ingest script is no node command: ${scripts.ingest}`);
  return [process.execPath, ...args];
}
