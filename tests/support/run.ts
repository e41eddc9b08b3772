/**
 * Runs a command without blocking the test worker (vitest's worker must keep answering its RPC
 * while a child runs: a blocking spawnSync makes a loaded run time out with every test passing).
 */
import { spawn } from 'node:child_process';
import { ingestCommand } from '../../scripts/ingest-command';

/** What a finished command left: its exit code (or the signal that ended it) and what it printed. */
export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args…` to its end and collects its output; never throws on a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** Runs the ingest as `npm run ingest -- args…` does (package.json's command, without npm). */
export function runIngest(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  const [node, ...command] = ingestCommand();
  return run(node, [...command, ...args], options);
}

/** Runs a TypeScript script with tsx, like `npx tsx <script> args…`. */
export function runScript(
  script: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return run('npx', ['tsx', script, ...args], options);
}

/** Runs a TypeScript file under node with tsx's loader: no npx or tsx process in between. */
export function runTsFile(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return run(process.execPath, ['--import', 'tsx', ...args], options);
}
