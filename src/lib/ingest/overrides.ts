/**
 * Curator corrections (`content/overrides.yaml`): set or fix a paper's title, name, authors, links or
 * topics, or hide it, by slug or abstract id. The file is checked with `OverridesSchema`; every
 * mistake (broken YAML, an unknown key, a paper that does not exist) is reported as `path:line`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import {
  describeIssue,
  OverridesSchema,
  type Override,
  type Paper,
  type Taxonomy,
} from '../schema';
import type { Problem } from './dump';
import { cleanGivenText } from './limits';

/** The overrides of one file, each with the line it starts on. */
export interface LoadedOverrides {
  /** The overrides file's path, as problems name it. */
  file: string;
  entries: { override: Override; line: number }[];
}

/** A broken overrides file: every line of the message is `path:line: reason`. */
export class OverridesError extends Error {}

/** Reads the overrides file at `path`; a missing file means no overrides. */
export function loadOverrides(path: string): LoadedOverrides | undefined {
  if (!existsSync(path)) return undefined;
  return parseOverrides(readFileSync(path, 'utf8'), path);
}

/** Parses and validates overrides YAML; `path` names the file in errors. */
export function parseOverrides(text: string, path: string): LoadedOverrides {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (offset: number) => Math.max(lineCounter.linePos(offset).line, 1);
  if (document.errors.length > 0) {
    const lines = document.errors.map(
      (error) => `${path}:${lineOf(error.pos[0])}: ${error.message.split('\n')[0]}`,
    );
    throw new OverridesError(lines.join('\n'));
  }
  let value: unknown;
  try {
    // An alias bomb (`&a [*b, *b, …]` nested) stops at the yaml package's alias limit instead.
    value = document.toJS({ maxAliasCount: 100 }) ?? { overrides: [] };
  } catch (error) {
    throw new OverridesError(
      `${path}:1: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
    );
  }
  const parsed = OverridesSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const path_ =
        issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
      const reason =
        issue.code === 'unrecognized_keys'
          ? `unknown key "${issue.keys.join('", "')}" (an override sets paper, title, name, authors, links, topics or hide)`
          : describeIssue(issue);
      return `${path}:${lineOf(offsetOf(document, path_))}: ${reason}`;
    });
    throw new OverridesError(lines.join('\n'));
  }
  return {
    file: path,
    entries: parsed.data.overrides.map((override, i) => ({
      override,
      line: lineOf(offsetOf(document, ['overrides', i])),
    })),
  };
}

/** Applies the overrides in order; an override for a paper that does not exist is a problem. */
export function applyOverrides(
  papers: readonly Paper[],
  loaded: LoadedOverrides,
  taxonomy: Taxonomy,
): { papers: Paper[]; problems: Problem[]; applied: number; hidden: number } {
  const bySlug = new Map(papers.map((paper, i) => [paper.slug, i]));
  const byId = new Map(papers.map((paper, i) => [paper.id, i]));
  const topics = new Set(taxonomy.topics.map((topic) => topic.slug));
  const result = [...papers];
  const hidden = new Set<number>();
  const problems: Problem[] = [];
  let applied = 0;
  for (const { override, line } of loaded.entries) {
    const at = bySlug.get(override.paper) ?? byId.get(override.paper);
    const problem = (reason: string) => problems.push({ file: loaded.file, line, reason });
    if (at === undefined) {
      problem(`no paper has the slug or id "${override.paper}"`);
      continue;
    }
    const unknownTopic = override.topics?.find((slug) => !topics.has(slug));
    if (unknownTopic !== undefined) {
      problem(`"${unknownTopic}" is not a topic of the taxonomy`);
      continue;
    }
    const paper = result[at]!;
    // A curator's title replaces the given one, formulas and all: it is plain text.
    const { titleTex, ...untitled } = paper;
    result[at] = {
      ...(override.title === undefined || !titleTex ? paper : untitled),
      // Shown as given, cleaned like every given field (no bidi or control characters).
      ...(override.title === undefined
        ? {}
        : { title: cleanGivenText(override.title) || paper.title, titleSource: 'given' }),
      ...(override.name === undefined
        ? {}
        : { name: override.name === null ? null : cleanGivenText(override.name) || null }),
      ...(override.authors === undefined
        ? {}
        : { authors: override.authors.map(cleanGivenText).filter(Boolean) }),
      ...(override.links === undefined
        ? {}
        : { paperLinks: { ...paper.paperLinks, ...override.links } }),
      ...(override.topics === undefined ? {} : { tags: override.topics }),
    };
    if (override.hide) hidden.add(at);
    applied += 1;
  }
  const hiddenSlugs = new Set([...hidden].map((i) => result[i]!.slug));
  const kept = result
    .filter((_, i) => !hidden.has(i))
    .map((paper) =>
      paper.related.some((r) => hiddenSlugs.has(r.slug))
        ? { ...paper, related: paper.related.filter((r) => !hiddenSlugs.has(r.slug)) }
        : paper,
    );
  return { papers: kept, problems, applied, hidden: hidden.size };
}

/** Offset of the deepest node that exists along `path`. */
function offsetOf(document: Document, path: readonly PropertyKey[]): number {
  for (let depth = path.length; depth > 0; depth--) {
    const node: unknown = document.getIn(path.slice(0, depth) as (string | number)[], true);
    if (typeof node === 'object' && node !== null && 'range' in node) {
      const range = (node as { range?: number[] }).range;
      if (range) return range[0]!;
    }
  }
  // An unknown key has no value node to point at when it is the key that is wrong: find the key.
  const key = path.at(-1);
  const parent: unknown = document.getIn(path.slice(0, -1) as (string | number)[], true);
  if (
    typeof key === 'string' &&
    typeof parent === 'object' &&
    parent !== null &&
    'items' in parent
  ) {
    for (const pair of (parent as { items: { key?: { value?: unknown; range?: number[] } }[] })
      .items) {
      if (pair.key?.value === key && pair.key.range) return pair.key.range[0]!;
    }
  }
  return 0;
}
