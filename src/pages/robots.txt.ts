import type { APIRoute } from 'astro';
import { filePath } from '../lib/site/urls';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL(filePath('sitemap-index.xml'), site);
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap.href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
