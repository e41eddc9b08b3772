/**
 * Lighthouse 12.2.3 (its last version for Node 20) on a page of a served site: mobile preset (its
 * default: Moto G power emulation, simulated slow 4G, 4× CPU), performance category only.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface LighthouseResult {
  cls: number;
  tbtMs: number;
  lcpMs: number;
  score: number;
}

/** Runs Lighthouse on `url` with Debian's Chromium, keeps its JSON report at `out`. */
export async function lighthouse(
  url: string,
  out: string,
  chromium: string,
): Promise<LighthouseResult> {
  await new Promise<void>((resolveRun, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: chromium }, stdio: 'inherit' },
    );
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`lighthouse exited ${code}`)),
    );
  });
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    audits: Record<string, { numericValue: number }>;
    categories: { performance: { score: number } };
  };
  return {
    cls: report.audits['cumulative-layout-shift']!.numericValue,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
    score: report.categories.performance.score,
  };
}
