import { describe, expect, it } from 'vitest';
import {
  isActive,
  readSearchState,
  toggleFilter,
  writeSearchState,
} from '../../src/lib/search/search-url';

describe('shareable search URLs', () => {
  it('round-trips a query with topic and type filters', () => {
    const state = {
      query: 'offline RL',
      tags: ['reinforcement-learning'],
      types: ['theory' as const],
    };
    const search = writeSearchState(state);
    expect(search).toBe('?q=offline+RL&tag=reinforcement-learning&type=theory');
    expect(readSearchState(search)).toEqual({ ...state, venues: [], years: [] });
  });

  it('reads repeated filters once and drops values that cannot be tags or types', () => {
    expect(
      readSearchState('?tag=graphs&tag=graphs&tag=%3Cscript%3E&type=theory&type=bogus'),
    ).toEqual({
      query: '',
      tags: ['graphs'],
      types: ['theory'],
      venues: [],
      years: [],
    });
  });

  it('writes nothing for an empty state, so clearing the search gives back the plain URL', () => {
    expect(writeSearchState({ query: '  ', tags: [], types: [] })).toBe('');
    expect(isActive(readSearchState(''))).toBe(false);
    expect(isActive(readSearchState('?type=dataset'))).toBe(true);
  });

  it('toggles a filter on and off', () => {
    const on = toggleFilter({ query: 'x', tags: [], types: [] }, 'tag', 'graphs');
    expect(on.tags).toEqual(['graphs']);
    expect(toggleFilter(on, 'tag', 'graphs').tags).toEqual([]);
    expect(toggleFilter(on, 'type', 'benchmark').types).toEqual(['benchmark']);
  });
});
