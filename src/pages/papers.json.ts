import type { APIRoute } from 'astro';
import { papers } from '../content';

/** Version of the export's shape; bumped on any breaking change (docs/data-export.md). */
const SCHEMA_VERSION = 1;

/** The data export: every record, exactly as validated by src/lib/schema.ts. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ schemaVersion: SCHEMA_VERSION, count: papers.length, papers }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
