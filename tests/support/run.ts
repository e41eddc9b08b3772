/**
 * Runs a command without blocking the test worker (vitest's worker must keep answering its RPC
 * while a child runs: a blocking spawnSync makes a loaded run time out with every test passing).
 */
import { spawn } from 'node:child_process';

/** What a finished command left: its exit code and everything it printed. */
export interface RunResult {
  status: number | null;
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
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a TypeScript script with tsx, like `npx tsx <script> args…`. */
export function runScript(
  script: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return run('npx', ['tsx', script, ...args], options);
}
