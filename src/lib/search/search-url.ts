/**
 * The shareable search state: `/?q=<query>&tag=<topic>&type=<contribution type>`. Tags and types
 * may repeat (`&tag=a&tag=b`: papers carrying both). This is a public contract: links are shared.
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
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** Reads the state from a URL's query string; unknown types are ignored. */
export function readSearchState(search: string): SearchState {
  const params = new URLSearchParams(search);
  return {
    query: (params.get('q') ?? '').trim(),
    tags: unique(params.getAll('tag').filter((tag) => /^[a-z0-9-]+$/.test(tag))),
    types: unique(params.getAll('type').filter(isContributionType)),
  };
}

/** Writes the state as a query string (`?q=…&tag=…`), or '' when there is nothing to say. */
export function writeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('q', state.query.trim());
  for (const tag of state.tags) params.append('tag', tag);
  for (const type of state.types) params.append('type', type);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when the state asks for anything: a query or a filter. */
export function isActive(state: SearchState): boolean {
  return state.query.trim() !== '' || state.tags.length > 0 || state.types.length > 0;
}

/** The state with one filter switched on or off. */
export function toggleFilter(
  state: SearchState,
  facet: 'tag' | 'type',
  value: string,
): SearchState {
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
