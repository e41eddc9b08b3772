/**
 * Issue 31: a site built from every real export shape (tests/fixtures/formats/real: an OpenReview
 * export whose notes carry `authorids` with e-mail addresses, a conference CSV with an
 * `Author Emails` column and addresses in its author details) publishes none of the addresses,
 * in no page, data file or gzipped export.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../support/site';

const INPUT = 'tests/fixtures/formats/real';
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

describe('a site built from real exports with e-mail addresses', () => {
  it('publishes no address from its input anywhere in dist', async () => {
    const addresses = new Set(
      fs
        .readdirSync(INPUT)
        .flatMap((file) => fs.readFileSync(path.join(INPUT, file), 'utf8').match(ADDRESS) ?? []),
    );
    expect(addresses.size).toBeGreaterThan(3);
    const { outDir } = await buildSite({ dumps: INPUT, outDir: '.tmp/site-emails' });
    const files = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(outDir, file))
      .filter((file) => fs.statSync(file).isFile() && !file.endsWith('.png'));
    expect(files.some((file) => file.endsWith('papers.json.gz'))).toBe(true);
    const leaked: string[] = [];
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      const text = file.endsWith('.gz')
        ? gunzipSync(bytes).toString('utf8')
        : bytes.toString('utf8');
      for (const address of addresses)
        if (text.includes(address)) leaked.push(`${file}: ${address}`);
    }
    expect(leaked).toEqual([]);
  }, 300_000);
});
