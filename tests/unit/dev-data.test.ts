/**
 * The development data's titles are transcribed from proceedings BibTeX (data/dev/README.md):
 * the append script turns a BibTeX title into the plain title a reader sees, and must leave math
 * as written, or the title metric compares against a mangled title.
 */
import { describe, expect, it } from 'vitest';
import { plainTitle } from '../../scripts/eval/append-dev';

describe('plainTitle', () => {
  it('resolves protective braces, accents and letter macros', () => {
    expect(plainTitle('Surrogate {B}ayesian Networks')).toBe('Surrogate Bayesian Networks');
    expect(plainTitle('Schr{\\"o}dinger Bridges')).toBe('Schrödinger Bridges');
    expect(plainTitle('the Polyak--{\\L}ojasiewicz Condition')).toBe(
      'the Polyak–Łojasiewicz Condition',
    );
    expect(plainTitle('Fast 1-{W}asserstein \\& more')).toBe('Fast 1-Wasserstein & more');
  });

  it('keeps math exactly as written, braces included', () => {
    expect(plainTitle('Dense Instances of $\\mathcal{NP}$-hard Problems')).toBe(
      'Dense Instances of $\\mathcal{NP}$-hard Problems',
    );
    expect(plainTitle('The {AL$\\ell_0$CORE} Tensor')).toBe('The AL$\\ell_0$CORE Tensor');
    expect(plainTitle('Embedding into $\\ell_p$ -- {S}paces')).toBe(
      'Embedding into $\\ell_p$ – Spaces',
    );
  });
});
