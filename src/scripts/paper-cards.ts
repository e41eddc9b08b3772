/**
 * The reading list's paper cards (title, summary, tags, authors, venue, year, citation details),
 * fetched from `/paper-cards/<n>.json` one shard at a time, each shard once per page, and shared by
 * the list, the shared-list offer and the exports.
 */
import {
  cardFromShard,
  cardOfId,
  cardShardCount,
  cardShardOf,
  type PaperCard,
} from '../lib/site/reading-list';
import { authorSlug } from '../lib/site/authors';
import { authorPath, paperCardsPath } from '../lib/site/urls';
import { venueYearText } from '../lib/site/venues';

const shards = new Map<number, Promise<unknown>>();
let shardCount = 1;

/** Sets how many papers the site has (the page says so in a `data-paper-count`), hence its shards. */
export function setPaperCount(count: number): void {
  shardCount = cardShardCount(count || 1);
}

/** The shard of a slug or short id, fetched once per page. */
function loadShard(slugOrId: string): Promise<unknown> {
  const shard = cardShardOf(slugOrId, shardCount);
  let loading = shards.get(shard);
  if (!loading) {
    loading = fetch(paperCardsPath(shard))
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : {}))
      .catch(() => ({}));
    shards.set(shard, loading);
  }
  return loading;
}

/** The card of one paper, or undefined when its shard cannot be fetched or does not hold it. */
export async function loadCard(slug: string): Promise<PaperCard | undefined> {
  return cardFromShard(await loadShard(slug), slug);
}

/** The slug and card of the paper with this short id (a short share link's), if the site has it. */
export async function loadCardById(
  id: string,
): Promise<{ slug: string; card: PaperCard } | undefined> {
  return cardOfId(await loadShard(id), id);
}

/** The cards of several papers, by slug (those that could not be loaded are missing). */
export async function loadCards(slugs: readonly string[]): Promise<Map<string, PaperCard>> {
  const cards = await Promise.all(slugs.map(async (slug) => [slug, await loadCard(slug)] as const));
  return new Map(cards.flatMap(([slug, card]) => (card ? [[slug, card] as const] : [])));
}

/** "(derived title)" after a title the ingest derived from the abstract, as on paper cards. */
export function derivedMark(): HTMLElement {
  const mark = document.createElement('small');
  mark.className = 'derived-mark';
  mark.textContent = '(derived title)';
  return mark;
}

/** A paper's authors (each linking to their page), then its venue and year, as on paper cards. */
export function bylineOf(card: PaperCard): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (card.authors?.length) {
    const authors = document.createElement('p');
    authors.className = 'authors rl-authors';
    card.authors.forEach((name, i) => {
      const a = document.createElement('a');
      a.href = authorPath(authorSlug(name));
      a.rel = 'author';
      a.textContent = name;
      authors.append(...(i > 0 ? [', '] : []), a);
    });
    parts.push(authors);
  }
  const venueText = venueYearText(card.venue ?? '', card.year ?? null);
  if (venueText) {
    const venue = document.createElement('p');
    venue.className = 'rl-venue';
    venue.textContent = venueText;
    parts.push(venue);
  }
  return parts;
}
