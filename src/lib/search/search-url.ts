/**
 * The shareable search state:
 * `/?q=<query>&tag=<topic>&type=<contribution type>&venue=<venue>&year=<year>`. Tags and types
 * may repeat (`&tag=a&tag=b`: papers carrying both); so may venues and years, which a paper has one
 * of (`&venue=a&venue=b`: papers from either). This is a public contract: links are shared.
 */
import { CONTRIBUTION_TYPES } from '../constants';
import type { ContributionType } from '../schema';

const isContributionType = (value: string): value is ContributionType =>
  (CONTRIBUTION_TYPES as readonly string[]).includes(value);

/** What the reader searches for and filters by. */
export interface SearchState {
  query: string;
  tags: string[];
  types: ContributionType[];
  /** Venue values (`icml-2023`): papers from any of them (none when absent). */
  venues?: string[];
  /** Years: papers from any of them (none when absent). */
  years?: number[];
}

/** The facets a filter belongs to. */
export type FilterFacet = 'tag' | 'type' | 'venue' | 'year';

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** Reads the state from a URL's query string; unknown types are ignored. */
export function readSearchState(search: string): Required<SearchState> {
  const params = new URLSearchParams(search);
  return {
    query: (params.get('q') ?? '').trim(),
    tags: unique(params.getAll('tag').filter((tag) => /^[a-z0-9-]+$/.test(tag))),
    types: unique(params.getAll('type').filter(isContributionType)),
    venues: unique(params.getAll('venue').filter((venue) => /^[a-z0-9-]{1,100}$/.test(venue))),
    years: unique(
      params
        .getAll('year')
        .filter((year) => /^\d{4}$/.test(year))
        .map(Number),
    ),
  };
}

/** Writes the state as a query string (`?q=…&tag=…`), or '' when there is nothing to say. */
export function writeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('q', state.query.trim());
  for (const tag of state.tags) params.append('tag', tag);
  for (const type of state.types) params.append('type', type);
  for (const venue of state.venues ?? []) params.append('venue', venue);
  for (const year of state.years ?? []) params.append('year', String(year));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when the state asks for anything: a query or a filter. */
export function isActive(state: SearchState): boolean {
  return (
    state.query.trim() !== '' ||
    state.tags.length > 0 ||
    state.types.length > 0 ||
    (state.venues?.length ?? 0) > 0 ||
    (state.years?.length ?? 0) > 0
  );
}

/** The state with one filter switched on or off. */
export function toggleFilter(state: SearchState, facet: FilterFacet, value: string): SearchState {
  if (facet === 'venue') {
    const now = state.venues ?? [];
    const venues = now.includes(value) ? now.filter((v) => v !== value) : [...now, value];
    return { ...state, venues };
  }
  if (facet === 'year') {
    const year = Number(value);
    if (!/^\d{4}$/.test(value)) return state;
    const now = state.years ?? [];
    const years = now.includes(year) ? now.filter((y) => y !== year) : [...now, year];
    return { ...state, years };
  }
  if (facet === 'tag') {
    const tags = state.tags.includes(value)
      ? state.tags.filter((t) => t !== value)
      : [...state.tags, value];
    return { ...state, tags };
  }
  if (!isContributionType(value)) return state;
  const type = value;
  const types = state.types.includes(type)
    ? state.types.filter((t) => t !== type)
    : [...state.types, type];
  return { ...state, types };
}
