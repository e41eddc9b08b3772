import { describe, expect, it } from 'vitest';
import { classifyLink, extractLinks } from '../../src/lib/ingest/links';

describe('extractLinks', () => {
  it('finds http(s) URLs without trailing punctuation, in order, once each', () => {
    const text =
      'Code: https://github.com/a/b. Data (https://zenodo.org/records/1), see https://github.com/a/b; ' +
      'and "https://x.org/p", ftp://old.org/file and www.example.com.';
    expect(extractLinks(text).map((link) => link.url)).toEqual([
      'https://github.com/a/b',
      'https://zenodo.org/records/1',
      'https://x.org/p',
    ]);
  });

  it('keeps a closing bracket that balances one inside the URL', () => {
    expect(extractLinks('see https://en.wikipedia.org/wiki/Mamba_(model)).')[0]?.url).toBe(
      'https://en.wikipedia.org/wiki/Mamba_(model)',
    );
  });

  it('reads the URL of a Markdown link', () => {
    expect(extractLinks('[our code](https://gitlab.com/x/y)')).toEqual([
      { url: 'https://gitlab.com/x/y', kind: 'code' },
    ]);
  });
});

describe('classifyLink', () => {
  it.each([
    ['https://github.com/org/repo', 'code'],
    ['https://www.gitlab.com/org/repo', 'code'],
    ['https://bitbucket.org/org/repo', 'code'],
    ['https://codeberg.org/org/repo', 'code'],
    ['https://anonymous.4open.science/r/SealQA', 'code'],
    ['https://example.org/code', 'code'],
    ['https://huggingface.co/datasets/org/set', 'data'],
    ['https://zenodo.org/records/123', 'data'],
    ['https://www.kaggle.com/datasets/u/d', 'data'],
    ['https://dataverse.harvard.edu/dataset.xhtml', 'data'],
    ['https://figshare.com/articles/x', 'data'],
    ['https://org.github.io/project/', 'project'],
    ['https://sites.google.com/view/project', 'project'],
    ['https://huggingface.co/spaces/org/demo', 'project'],
    ['https://huggingface.co/org/model', 'other'],
    ['https://paperswithcode.com/paper/x', 'other'],
    ['https://arxiv.org/abs/2501.00001', 'other'],
  ])('%s is %s', (url, kind) => {
    expect(classifyLink(url)).toBe(kind);
  });
});
