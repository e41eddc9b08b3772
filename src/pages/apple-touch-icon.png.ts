import type { APIRoute } from 'astro';
import { renderIcon } from '../lib/build/og-image';
import { siteFile } from '../lib/build/shard';

/**
 * The home-screen icon iOS asks for (180×180), drawn from public/favicon.svg at build time, its
 * corners filled with the icon's colour: iOS rounds them itself.
 */
export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(new Uint8Array(renderIcon(180, '#1f4e8c')), {
        headers: { 'Content-Type': 'image/png' },
      }),
  );
