/**
 * Loading a split index's parts on demand (issue 35): the search worker and the tests answer a
 * query the same way, fetching the vocabulary chunks, postings blocks and result cards it needs.
 */
import { MissingIndexParts, type SearchEngine } from './engine';
import type { CardShardData, PostingsBlockData, VocabChunkData } from './format';

/** Fetches one part of a split index (each at most once: the caller caches). */
export interface PartFetcher {
  vocab(chunk: number): Promise<VocabChunkData>;
  block(block: number): Promise<PostingsBlockData>;
  cards(shard: number): Promise<CardShardData>;
}

/** Rounds of "fetch what was missing, then try again" before giving up (a broken index). */
const MAX_ROUNDS = 6;

/** Fetches the given parts in parallel and adds them to the engine. */
export async function loadParts(
  engine: SearchEngine,
  parts: { vocab?: Iterable<number>; blocks?: Iterable<number>; cards?: Iterable<number> },
  fetcher: PartFetcher,
): Promise<void> {
  await Promise.all([
    ...[...(parts.vocab ?? [])].map(async (n) => engine.addVocab(await fetcher.vocab(n))),
    ...[...(parts.blocks ?? [])].map(async (n) => engine.addBlock(await fetcher.block(n))),
    ...[...(parts.cards ?? [])].map(async (n) => engine.addCards(await fetcher.cards(n))),
  ]);
}

/**
 * Runs `attempt` until it no longer needs a part that is not loaded: each `MissingIndexParts` it
 * throws is fetched, then it runs again. The parts the request most likely needs are fetched
 * first, all at once (`partsFor`), so most queries take one round.
 */
export async function withParts<T>(
  engine: SearchEngine,
  fetcher: PartFetcher,
  request: { query: string },
  attempt: () => T | Promise<T>,
): Promise<T> {
  await loadParts(engine, engine.partsFor({ query: request.query }), fetcher);
  for (let round = 1; ; round += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof MissingIndexParts) || round >= MAX_ROUNDS) throw error;
      await loadParts(engine, error, fetcher);
    }
  }
}
