/**
 * Reads the editable taxonomy file. Every mistake a user can make while editing it (broken YAML, a
 * missing field, a bad or duplicate slug) stops the build with `path:line: reason`, the line being
 * that of the offending node, so the user can jump straight to it.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { describeIssue, TaxonomySchema, type Taxonomy } from '../schema';

/** Reads, parses and validates the taxonomy file at `path`. */
export function loadTaxonomy(path: string): Taxonomy {
  return parseTaxonomy(readFileSync(path, 'utf8'), path);
}

/** Parses and validates taxonomy YAML; `path` only names the file in error messages. */
export function parseTaxonomy(text: string, path: string): Taxonomy {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (offset: number) => Math.max(lineCounter.linePos(offset).line, 1);
  const fail = (offset: number, reason: string): never => {
    throw new Error(`${path}:${lineOf(offset)}: ${reason}`);
  };

  const [syntaxError] = document.errors;
  if (syntaxError) fail(syntaxError.pos[0], syntaxError.message.split('\n')[0]!);

  const parsed = TaxonomySchema.safeParse(document.toJS());
  if (!parsed.success) {
    // zod reports at least one issue for a failed parse; the first is the one to fix first.
    const issue = parsed.error.issues[0];
    return fail(offsetOf(document, issue?.path ?? []), issue ? describeIssue(issue) : 'invalid');
  }

  const firstUse = new Map<string, number>();
  parsed.data.topics.forEach((topic, index) => {
    const previous = firstUse.get(topic.slug);
    if (previous !== undefined) {
      fail(
        offsetOf(document, ['topics', index, 'slug']),
        `duplicate slug "${topic.slug}" (topic ${previous + 1} already uses it)`,
      );
    }
    firstUse.set(topic.slug, index);
  });
  return parsed.data;
}

/** Offset of the deepest node that exists along `path` (a missing field points at its parent). */
function offsetOf(document: Document, path: (string | number)[]): number {
  for (let depth = path.length; depth > 0; depth--) {
    const node: unknown = document.getIn(path.slice(0, depth), true);
    const range = rangeOf(node);
    if (range) return range[0];
  }
  return rangeOf(document.contents)?.[0] ?? 0;
}

function rangeOf(node: unknown): readonly [number, ...number[]] | undefined {
  if (typeof node !== 'object' || node === null || !('range' in node)) return undefined;
  const range = (node as { range?: unknown }).range;
  return Array.isArray(range) && typeof range[0] === 'number'
    ? (range as [number, ...number[]])
    : undefined;
}
