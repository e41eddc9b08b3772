/**
 * Checks that every internal link and asset of a built site resolves.
 * Usage: tsx scripts/check-links.ts [outDir]   (BASE_PATH as used for the build; default dist, /)
 */
import { checkLinks, type BrokenLink } from '../src/lib/build/link-check';

function report(broken: BrokenLink[]): void {
  for (const link of broken) console.error(`${link.file}: broken link ${link.ref}`);
}

function run(): number {
  const outDir = process.argv[2] ?? process.env.OUT_DIR ?? 'dist';
  const base = process.env.BASE_PATH ?? '/';
  const broken = checkLinks(outDir, base);
  report(broken);
  console.log(`${broken.length} broken links in ${outDir}`);
  return broken.length === 0 ? 0 : 1;
}

process.exitCode = run();
