/**
 * A field's shared vocabulary, as a static table (`text/vocabulary/field-vocabulary.json`) that
 * `scripts/fit-field-vocabulary.ts` counts over many abstracts (docs/naming.md, "Field vocabulary").
 * Static on purpose: a paper's title and name, and so its URL slug, depend on its own abstract and
 * this file only, never on which other papers the corpus holds.
 */
import vocabulary from '../../text/vocabulary/field-vocabulary.json';
import { stripAcronymPlural } from '../../text/terms';
import { textBag } from './headline';

/** Identifiers several abstracts use (`LLM`, `RL`, `GNN`, `ImageNet`, `Lipschitz`): never a name. */
export const SHARED_IDENTIFIERS: ReadonlySet<string> = new Set(vocabulary.identifiers);

/** Key bags of the field's phrases (`large language models`, the taxonomy's labels): never a title alone. */
export const FIELD_PHRASE_BAGS: ReadonlySet<string> = new Set(
  vocabulary.phrases.map(textBag).filter((bag) => bag !== ''),
);

/**
 * Whether a name is the field's shorthand rather than a coinage: one of the shared identifiers
 * (`LLM`), or shared identifiers of two or more characters with lower-case words only
 * (`LLM-powered`, `batch-RL`). `Webscale-RL` and `MR-GPTQ` hold a coined part, and two shared
 * parts alone (`2D-Shapley`) may be one.
 */
export function isFieldIdentifier(
  name: string,
  shared: ReadonlySet<string> = SHARED_IDENTIFIERS,
): boolean {
  if (shared.has(name) || shared.has(stripAcronymPlural(name))) return true;
  const parts = name.split(/[\s-]+/).filter(Boolean);
  let sharedParts = 0;
  let plainParts = 0;
  for (const part of parts) {
    if (part.length >= 2 && (shared.has(part) || shared.has(part.replace(/s$/, ''))))
      sharedParts += 1;
    else if (/^\p{Ll}+$/u.test(part)) plainParts += 1;
    else return false;
  }
  // Two shared parts alone may be a coinage (`2D-Shapley`); a plain word makes it a description.
  return sharedParts > 0 && plainParts > 0;
}
