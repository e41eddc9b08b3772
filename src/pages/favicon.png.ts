import type { APIRoute } from 'astro';
import { renderIcon } from '../lib/build/og-image';
import { siteFile } from '../lib/build/shard';

/** The favicon as a 48×48 PNG, drawn from public/favicon.svg at build time (BaseLayout links it). */
export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(new Uint8Array(renderIcon(48)), { headers: { 'Content-Type': 'image/png' } }),
  );
