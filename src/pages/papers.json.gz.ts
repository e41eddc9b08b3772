import { gzipSync } from 'node:zlib';
import type { APIRoute } from 'astro';
import { papers } from '../content';
import { siteFile } from '../lib/build/shard';

/** Version of the export's shape; bumped on any breaking change (docs/data-export.md). */
const SCHEMA_VERSION = 1;

/**
 * The data export: every record, exactly as validated by src/lib/schema.ts, gzipped. Plain, it
 * would be the largest file of the site (94 MB of 20,000 synthetic abstracts, 7 MB gzipped), and
 * static hosts cap a site's size (GitHub Pages: 1 GB); a reader runs `gunzip` once.
 */
export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(
        gzipSync(JSON.stringify({ schemaVersion: SCHEMA_VERSION, count: papers.length, papers }), {
          level: 9,
        }),
        { headers: { 'Content-Type': 'application/gzip' } },
      ),
  );
