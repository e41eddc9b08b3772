/**
 * `astro build` into a temporary folder next to the output, swapped in only when the build succeeds:
 * a failed or interrupted build leaves the previous output as it was, never a half-written `dist/`.
 * A large site (records file ≥ 10 MB, ~2,000 papers) on two cores or more is built by two processes
 * at once: the site pages in one, the paper pages in the other (src/lib/build/shard.ts), merged
 * into one folder, the same bytes as one process builds.
 *   OUT_DIR=<dir> (default dist) BASE_PATH=… SITE_URL=… BUILD_SHARDS=<n> tsx scripts/build-site.ts [astro build flags]
 * Exits with Astro's exit code (or 128 + the signal's number when interrupted), 2 for a bad BUILD_SHARDS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { availableParallelism, constants } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { exceededLimits, siteShape } from '../src/lib/build/host-limits';
import { heapMegabytes } from '../src/lib/build/heap';
import { SHARD_VARIABLE } from '../src/lib/build/shard';
import { papersFileFrom } from '../src/lib/schema';

const outDir = resolve(process.env.OUT_DIR || 'dist');
/** Unique to this run: a name left by a run that was killed (same pid in a container) never clashes. */
const runStamp = Date.now().toString(36);
const runId = `${process.pid}-${runStamp}`;
/**
 * Astro writes a build's server bundle inside its output folder, or into `./.astro/` when that
 * folder is outside the working directory, and then copies all of `./.astro/` into the output
 * (whatever an earlier build left there, and the same folder for every process). So every process
 * builds inside the project: next to the output when it is there (the finished site is then moved
 * in place by a rename), else under node_modules/.cache, moved next to the output when done.
 */
const insideProject = outDir.startsWith(process.cwd() + sep);
const nextToOutput = (name: string) => join(dirname(outDir), `.${basename(outDir)}.${name}`);
/** Where a build of an output outside the project stages its processes' folders. */
const cacheDir = resolve('node_modules/.cache/paper-explorer');
const staging = (shard: number) => {
  const name = `building-${runId}-${shard}`;
  return insideProject ? nextToOutput(name) : join(cacheDir, `.${basename(outDir)}.${name}`);
};
const retired = nextToOutput(`old-${runId}`);
const astro = join(dirname(fileURLToPath(import.meta.resolve('astro/package.json'))), 'astro.js');
/** The records file's size in MB (10^6 bytes), which the heap ceilings grow with. */
function recordsMegabytes(): number {
  const file = papersFileFrom(process.env);
  return existsSync(file) ? statSync(file).size / 1e6 : 0;
}
/** Records files from this size up are built in two processes: below, the second start-up costs more than it saves. */
const SHARD_FROM_BYTES = 10_000_000;
const MAX_SHARDS = 8;

/** Thrown for a bad BUILD_SHARDS: one line, exit 2. */
class UsageError extends Error {}

/** How many processes build the site: BUILD_SHARDS when set, else two for a large site on two cores or more. */
function shardCount(): number {
  const asked = process.env.BUILD_SHARDS;
  if (asked !== undefined && asked !== '') {
    const count = Number(asked);
    if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) {
      throw new UsageError(
        `BUILD_SHARDS=${asked}: expected a whole number from 1 to ${MAX_SHARDS}`,
      );
    }
    return count;
  }
  const papersFile = papersFileFrom(process.env);
  const large = existsSync(papersFile) && statSync(papersFile).size >= SHARD_FROM_BYTES;
  return large && availableParallelism() >= 2 ? 2 : 1;
}

/** What a shard's lines start with when several print at once. */
function shardLabel(shard: number, count: number): string {
  if (shard === 0) return '[site] ';
  return count === 2 ? '[papers] ' : `[papers ${shard}/${count - 1}] `;
}

/** Starts one `astro build` process for `shard` of `count`, printing its lines (labelled when several). */
function startShard(shard: number, count: number): ChildProcess {
  const heap = heapMegabytes(count, recordsMegabytes(), shard === 0);
  const env: NodeJS.ProcessEnv = { ...process.env, OUT_DIR: staging(shard) };
  if (count > 1) env[SHARD_VARIABLE] = `${shard}/${count}`;
  else delete env[SHARD_VARIABLE];
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${heap}`, astro, 'build', ...process.argv.slice(2)],
    { stdio: count === 1 ? 'inherit' : ['ignore', 'pipe', 'pipe'], env },
  );
  if (count > 1) {
    const label = shardLabel(shard, count);
    const relay = (from: NodeJS.ReadableStream, to: NodeJS.WritableStream) =>
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
        to.write(`${label}${line}\n`),
      );
    relay(child.stdout!, process.stdout);
    relay(child.stderr!, process.stderr);
  }
  return child;
}

/**
 * Runs every shard at once; the first to fail stops the others. Resolves with the first failure's
 * exit code or signal, else with code 0.
 */
function build(count: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const children = Array.from({ length: count }, (_, shard) => startShard(shard, count));
  // A signal sent to this process alone (a CI timeout) must stop the build too.
  const forward = (signal: NodeJS.Signals) => children.forEach((child) => child.kill(signal));
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((done) => {
    let running = count;
    let failure: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    for (const child of children) {
      child.on('close', (code, signal) => {
        if ((code !== 0 || signal) && !failure) {
          failure = { code, signal };
          for (const other of children) if (other.exitCode === null) other.kill('SIGTERM');
        }
        running -= 1;
        if (running === 0) done(failure ?? { code: 0, signal: null });
      });
    }
  });
}

/**
 * Moves what `from` holds and `into` lacks into `into`, folder by folder: a paper shard's pages
 * join the site shard's. Files both hold (the bundled assets, pages every process renders) keep
 * the site shard's copy.
 */
function mergeFolder(from: string, into: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(into, entry.name);
    if (!existsSync(target)) move(source, target);
    else if (entry.isDirectory() && statSync(target).isDirectory()) mergeFolder(source, target);
  }
}

/** A rename, or a copy when the two paths are on different file systems. */
function move(source: string, target: string): void {
  try {
    renameSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(source, target, { recursive: true });
    rmSync(source, { recursive: true, force: true });
  }
}

/** Moves the finished build into place; the old output is removed only once the new one is there. */
function swapIn(count: number): void {
  for (let shard = 1; shard < count; shard += 1) {
    mergeFolder(staging(shard), staging(0));
    rmSync(staging(shard), { recursive: true, force: true });
  }
  // Beside the output first (a copy when the output is on another file system), then one rename.
  const finished = insideProject ? staging(0) : nextToOutput(`building-${runId}`);
  // An output in a folder that does not exist yet (OUT_DIR=new/site): the rename needs its parent.
  mkdirSync(dirname(outDir), { recursive: true });
  if (!insideProject) move(staging(0), finished);
  const hadOutput = existsSync(outDir);
  if (hadOutput) renameSync(outDir, retired);
  renameSync(finished, outDir);
  if (hadOutput) removeInBackground(retired);
}

/**
 * Deletes a folder from a detached process, so the build is done as soon as the new site is in
 * place: the 22,000 files of a previous 20,000-paper site take 3–5 s to delete.
 */
function removeInBackground(folder: string): void {
  const script = `require('node:fs').rmSync(${JSON.stringify(folder)}, { recursive: true, force: true })`;
  spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * A folder a run names after itself: `.<output>.building-<pid>-<id>[-<shard>]` (a process's
 * staging, or the finished site on its way in) or `.<output>.old-<pid>-<id>[-…]` (a retired output,
 * or a stale folder being swept).
 */
const RUN_FOLDER_RE = /^\.(.+)\.(?:building|old)-(\d+)-([0-9a-z]+)(?:-[0-9a-z]+)?$/;

/**
 * Whether the run whose pid a folder name holds may still be at work. Only a pid no process has
 * (ESRCH) is a dead run; a pid owned by another user (EPERM) is alive. Our own pid with another run
 * id is a killed earlier process that had our pid (pids repeat in containers): this run is us.
 */
function runMayBeAlive(pid: number, id: string): boolean {
  if (!Number.isSafeInteger(pid) || pid < 1) return true;
  if (pid === process.pid) return id === runStamp;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes what killed runs (SIGKILL, out of memory) left in `folder`: half-built sites and old
 * outputs whose background deletion died with them. Builds run concurrently (the tests start three
 * at once), so a folder is removed only when no live process has the pid in its name. Each is first
 * renamed to an `old-` name of this run (at once, so no other run sweeps it too), then deleted in the
 * background. `base` limits the sweep to one output's folders; a sweep never fails the build.
 */
let swept = 0;
function sweepDeadRuns(folder: string, base?: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = RUN_FOLDER_RE.exec(name);
    if (!match || (base !== undefined && match[1] !== base)) continue;
    if (runMayBeAlive(Number(match[2]), match[3]!)) continue;
    const doomed = join(folder, `.${match[1]}.old-${runId}-s${swept}`);
    swept += 1;
    try {
      renameSync(join(folder, name), doomed);
    } catch {
      continue; // Another run swept it first.
    }
    removeInBackground(doomed);
  }
}

/** Sweeps beside the output, and the staging cache shared by outputs outside the project. */
function sweepStaleFolders(): void {
  sweepDeadRuns(dirname(outDir), basename(outDir));
  sweepDeadRuns(cacheDir);
}

/**
 * Prints the site's size, and every static host's published limit it exceeds (docs/build.md,
 * "Host limits"): a 100,000-paper site is over some, and the deploy should not be where one learns
 * it. Walking the finished site takes ~1 s at 100,000 papers.
 */
function reportShape(): void {
  const shape = siteShape(outDir);
  console.log(
    `site: ${shape.files.toLocaleString('en-US')} files, ${(shape.bytes / 1e6).toFixed(0)} MB`,
  );
  for (const line of exceededLimits(shape)) console.log(`host limit exceeded: ${line}`);
}

function removeStaging(count: number): void {
  for (let shard = 0; shard < count; shard += 1) {
    rmSync(staging(shard), { recursive: true, force: true });
  }
  rmSync(nextToOutput(`building-${runId}`), { recursive: true, force: true });
}

async function run(): Promise<number> {
  let count: number;
  try {
    count = shardCount();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  sweepStaleFolders();
  const { code, signal } = await build(count);
  if (code === 0 && !signal) {
    try {
      swapIn(count);
      reportShape();
      return 0;
    } catch (error) {
      removeStaging(count);
      console.error(`could not put the new site in place: ${(error as Error).message}`);
      return 1;
    }
  }
  removeStaging(count);
  console.error(
    `astro build failed; ${existsSync(outDir) ? `${outDir} left as it was` : 'nothing written'}`,
  );
  return signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1);
}

process.exitCode = await run();
