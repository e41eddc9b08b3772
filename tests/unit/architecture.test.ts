/**
 * The shape of src/ (docs/architecture.md), checked on the import statements themselves, as
 * Starlight's no-internal-barrel-imports test does: what the browser loads imports no zod and no
 * Node built-in, every import in src/lib points down the pipeline, and no test reads content/dumps.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIB = path.join(ROOT, 'src/lib');

/** One import of a module: what it names, and whether only types come through it. */
interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every import, re-export, dynamic import() and `new URL('./x.ts', import.meta.url)` of a source. */
export function importsOf(source: string, fileName = 'module.ts'): Import[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypeNames =
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      const typeOnly =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword || (!clause.name && onlyTypeNames));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      /^\.\.?\/.*\.ts$/.test(node.arguments[0].text)
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The TypeScript files under a folder. */
function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

/** The file a relative specifier names, or null for a package or built-in. */
function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  // A Vite query (`./search-worker.ts?worker&url`) names the same file, bundled another way.
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
}

const importsByFile = new Map<string, Import[]>();
function importsOfFile(file: string): Import[] {
  let imports = importsByFile.get(file);
  if (!imports) {
    imports = importsOf(fs.readFileSync(file, 'utf8'), file);
    importsByFile.set(file, imports);
  }
  return imports;
}

/** The `<script>` blocks of the components, pages and layouts: the code Astro bundles for browsers. */
function componentScripts(): { file: string; source: string }[] {
  const scripts: { file: string; source: string }[] = [];
  for (const folder of ['src/components', 'src/pages', 'src/layouts']) {
    const dir = path.join(ROOT, folder);
    for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.astro')) continue;
      const file = path.join(dir, name);
      const html = fs.readFileSync(file, 'utf8');
      for (const match of html.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)) {
        scripts.push({ file, source: match[1] ?? '' });
      }
    }
  }
  return scripts;
}

/**
 * Every module the browser may load: the components' scripts and src/scripts, and whatever they
 * import for its value (type-only imports vanish from bundles), followed to the end.
 */
function browserModules(): Map<string, string> {
  const reachedFrom = new Map<string, string>();
  const queue: string[] = [];
  const reach = (file: string, from: string) => {
    if (reachedFrom.has(file)) return;
    reachedFrom.set(file, from);
    queue.push(file);
  };
  for (const { file, source } of componentScripts()) {
    for (const { specifier, typeOnly } of importsOf(source, file)) {
      const target = typeOnly ? null : resolveLocal(file, specifier);
      if (target) reach(target, path.relative(ROOT, file));
    }
  }
  for (const file of sourcesUnder(path.join(ROOT, 'src/scripts'))) reach(file, 'src/scripts');
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const { specifier, typeOnly } of importsOfFile(file)) {
      const target = typeOnly ? null : resolveLocal(file, specifier);
      if (target) reach(target, path.relative(ROOT, file));
    }
  }
  return reachedFrom;
}

/** What a browser-safe module must not import for its value: zod, the zod schemas, Node built-ins. */
function forbiddenInBrowser(file: string, { specifier, typeOnly }: Import): boolean {
  if (typeOnly) return false;
  if (specifier === 'zod' || specifier.startsWith('node:')) return true;
  if (['fs', 'path', 'crypto', 'os', 'url', 'worker_threads', 'child_process'].includes(specifier))
    return true;
  return resolveLocal(file, specifier) === path.join(LIB, 'schema.ts');
}

/**
 * What a module the browser loads must not import either: any package but
 * {@link BROWSER_PACKAGES} (the tagger, KaTeX, the Markdown parser…). Browser-safe modules the
 * browser does not load (text/markup.ts, site/render.ts) may: they run at build time.
 */
function buildOnlyImport({ specifier, typeOnly }: Import): boolean {
  const name = packageOf(specifier);
  return !typeOnly && name !== null && !BROWSER_PACKAGES.includes(name);
}

/**
 * The only packages browser code may load: small, and needed there. Everything else is the
 * build's: wink-nlp's English model alone is 3.8 MB of script, and a module the browser loads once
 * pulled it into the similar-text worker (1 MB gzipped) for one string helper. `qrcode` draws the
 * QR codes of papers and lists (src/scripts/qr-code.ts), imported only when a reader asks for one.
 */
const BROWSER_PACKAGES = ['fuse.js', 'stemmer', 'stopword', 'qrcode'];

/** The package a bare specifier names (`@scope/name/file` → `@scope/name`), or null for a path. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The pipeline's stages, lowest first: a module imports only from its own folder or from a lower
 * stage. build/ holds Node-only build helpers and sits on top.
 */
const STAGES: Record<string, number> = {
  'constants.ts': 0,
  'random.ts': 0,
  'progress.ts': 0,
  'extent.ts': 0,
  'format.ts': 0,
  'schema.ts': 1,
  text: 2,
  ingest: 3,
  search: 3,
  site: 3,
  enrich: 4,
  'pipeline.ts': 5,
  build: 6,
};

/** `text`, `pipeline.ts`…: the folder (or loose module) of src/lib a file belongs to. */
const stageOf = (file: string): string => path.relative(LIB, file).split(path.sep)[0] ?? '';

describe('the browser part of the code', () => {
  const modules = browserModules();

  it('is found by following imports from every client script', () => {
    const relative = [...modules.keys()].map((file) => path.relative(ROOT, file));
    expect(relative).toContain('src/lib/search/engine.ts');
    expect(relative).toContain('src/lib/site/urls.ts');
  });

  it('imports no zod, no schema value, no Node built-in and no build-only package', () => {
    const problems: string[] = [];
    for (const [file, from] of modules) {
      for (const found of importsOfFile(file)) {
        if (forbiddenInBrowser(file, found) || buildOnlyImport(found)) {
          problems.push(
            `${path.relative(ROOT, file)} (loaded by ${from}) imports ${found.specifier}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('includes text/, search/ and site/ whole, loaded or not', () => {
    const problems: string[] = [];
    for (const folder of ['text', 'search', 'site']) {
      for (const file of sourcesUnder(path.join(LIB, folder))) {
        for (const found of importsOfFile(file)) {
          if (forbiddenInBrowser(file, found)) {
            problems.push(`${path.relative(ROOT, file)} imports ${found.specifier}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('would be caught importing zod, the schema, Node or a build-only package', () => {
    const file = path.join(LIB, 'search/example.ts');
    const imports = importsOf(
      [
        "import { z } from 'zod';",
        "import { PaperSchema } from '../schema';",
        "import type { Paper } from '../schema';",
        "import { type Topic } from '../schema';",
        "import { readFileSync } from 'node:fs';",
        "import winkNLP from 'wink-nlp';",
        "import katex from 'katex/dist/katex.mjs';",
        "import Fuse from 'fuse.js';",
        "import { phraseKey } from '../text/terms';",
      ].join('\n'),
    );
    expect(
      imports.map((found) => forbiddenInBrowser(file, found) || buildOnlyImport(found)),
    ).toEqual([true, true, false, false, true, true, true, false, false]);
  });
});

describe('src/lib', () => {
  it('has its modules in stage folders, with few loose modules', () => {
    const loose = fs
      .readdirSync(LIB, { withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'),
      );
    expect(loose.length).toBeLessThanOrEqual(12);
    for (const entry of fs.readdirSync(LIB, { withFileTypes: true })) {
      if (entry.name.endsWith('.d.ts')) continue;
      expect(STAGES, `src/lib/${entry.name} has no stage in this test`).toHaveProperty([
        entry.name,
      ]);
    }
  });

  it('imports only down the pipeline: text ← ingest, search, site ← enrich ← pipeline', () => {
    const problems: string[] = [];
    for (const file of sourcesUnder(LIB)) {
      const stage = stageOf(file);
      for (const { specifier } of importsOfFile(file)) {
        const target = resolveLocal(file, specifier);
        if (!target) continue;
        const targetStage = stageOf(target);
        if (targetStage === stage) continue;
        if ((STAGES[targetStage] ?? Infinity) >= (STAGES[stage] ?? -Infinity)) {
          problems.push(`${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the tests', () => {
  it('never read content/dumps: a user adding a dump changes no test', () => {
    const readers = sourcesUnder(path.join(ROOT, 'tests')).filter(
      (file) =>
        file !== import.meta.filename && fs.readFileSync(file, 'utf8').includes('content/dumps'),
    );
    expect(readers.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
