// Every author with their slug and paper count, for the explorer's author filter box.
import { authors } from '../content';
import { siteFile } from '../lib/build/shard';

export function GET() {
  return siteFile(() => {
    const entries = authors.map((a) => ({ name: a.name, slug: a.slug, count: a.papers.length }));
    return new Response(JSON.stringify(entries), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
}
