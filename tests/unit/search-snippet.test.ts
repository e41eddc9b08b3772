import { describe, expect, it } from 'vitest';
import { highlightRanges, makeSnippet, type Range } from '../../src/lib/search/snippet';

const matchWords =
  (...words: string[]) =>
  (term: string) =>
    words.indexOf(term) >= 0 ? 1 << words.indexOf(term) : 0;
const marked = (text: string, ranges: Range[]) => ranges.map(([s, e]) => text.slice(s, e));

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

describe('highlightRanges', () => {
  it('marks every matching word, whatever its case or accents', () => {
    const title = 'Statistical benchmark for Lévy processes and LÉVY flights';
    expect(marked(title, highlightRanges(title, matchWords('levy')))).toEqual(['Lévy', 'LÉVY']);
  });

  it('marks a hyphenated compound once when it and its parts match', () => {
    const text = 'A multi-task model';
    const ranges = highlightRanges(text, matchWords('multi', 'task', 'multitask'));
    expect(marked(text, ranges)).toEqual(['multi-task']);
  });
});

describe('makeSnippet', () => {
  it('shows the whole text with its matches when it is short', () => {
    const text = 'We propose Legato, a model for optical music recognition.';
    const snippet = makeSnippet(text, matchWords('music'));
    expect(snippet.text).toBe(text);
    expect(marked(snippet.text, snippet.ranges)).toEqual(['music']);
  });

  it('cuts a long text around the match, with ellipses, and ranges into the snippet', () => {
    const text = `${filler(60)}. The planner obfuscates signals. ${filler(60)}.`;
    const snippet = makeSnippet(text, matchWords('obfuscates'), 120);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(122);
    expect(marked(snippet.text, snippet.ranges)).toEqual(['obfuscates']);
    expect(snippet.text).toContain('The planner obfuscates');
  });

  it('prefers the stretch showing the most different query words', () => {
    const text = `alpha ${filler(40)} alpha ${filler(40)} alpha beta gamma ${filler(40)}`;
    const snippet = makeSnippet(text, matchWords('alpha', 'beta', 'gamma'), 100);
    expect(marked(snippet.text, snippet.ranges)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('highlights what each query matches when the same abstract comes back for another query', () => {
    const text = `${filler(30)} spiking neurons ${filler(30)} synaptic plasticity ${filler(30)}`;
    const first = makeSnippet(text, matchWords('spiking'));
    const second = makeSnippet(text, matchWords('plasticity'));
    expect(marked(first.text, first.ranges)).toEqual(['spiking']);
    expect(marked(second.text, second.ranges)).toEqual(['plasticity']);
    expect(second.text).toContain('synaptic plasticity');
  });

  it('starts at the beginning, without highlights, when only other fields matched', () => {
    const text = `${filler(80)}`;
    const snippet = makeSnippet(text, matchWords('absent'), 100);
    expect(snippet.text.startsWith('filler0 ')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.ranges).toEqual([]);
  });
});
