/**
 * Writes the service worker (`sw.js`) and the "Available offline" manifest (`offline.json`) into a
 * finished build (astro.config.mjs, `astro:build:done`, in the process that renders the site pages).
 *
 * - `sw.js` is src/sw/service-worker.ts bundled by esbuild with three constants: the build id, the
 *   deploy base and the shell (every file under `_astro/`, plus the icons).
 * - The build id is a hash of what a reader could see change: the deploy address, every record
 *   (`papers.json.gz`), the bundled CSS and JS, the templates (`src/`, generated data aside) and the
 *   config. The same sources give the same id, so rebuilds stay byte-identical, however many
 *   processes build the site (the paper pages, which other processes may render, are not read).
 * - `offline.json` lists the files of the offline pack with their sizes, so the page can say how
 *   much it downloads before it starts (the saved papers' pages are estimated by the page).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE = path.join(ROOT, 'src/sw/service-worker.ts');
/** The split "papers like this text" index (src/pages/similar-index/): left out of the offline pack. */
const SIMILAR_INDEX_FOLDER = 'similar-index';

/** Files of a folder, relative, sorted (a missing folder has none). */
function filesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The build id: 16 hex digits of a SHA-256 over the inputs a reader would see change. */
export function buildId(outDir: string, base: string, site: string): string {
  const hash = createHash('sha256');
  hash.update(`${site}\n${base}\n`);
  const add = (root: string, files: string[]) => {
    for (const file of files) {
      hash.update(`${file}\n`);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  };
  add(
    outDir,
    ['papers.json.gz', 'search-index.json'].filter((f) => fs.existsSync(path.join(outDir, f))),
  );
  add(
    outDir,
    filesOf(path.join(outDir, '_astro')).map((file) => `_astro/${file}`),
  );
  const src = path.join(ROOT, 'src');
  add(
    src,
    filesOf(src).filter((file) => !file.startsWith('generated/')),
  );
  add(
    ROOT,
    ['astro.config.mjs'].filter((f) => fs.existsSync(path.join(ROOT, f))),
  );
  return hash.digest('hex').slice(0, 16);
}

/** One file of the pack: its URL (with the base) and its size in bytes. */
export type PackFile = [url: string, bytes: number];

/** The offline manifest: what "Available offline" downloads. */
export interface OfflineManifest {
  buildId: string;
  files: PackFile[];
}

/**
 * Pages and data of the pack, besides the shell: the paper list (every page of it), the map, the
 * reading list and the tags, and every JSON file (search index and text shards, card shards, the
 * map's layout and shards, authors) but the "papers like this text" index (`similar-index/`: its
 * meta, term blocks and document shards), which only /similar/ needs, a few parts per lookup.
 */
function packFiles(outDir: string): string[] {
  const pages = ['index.html', 'map/index.html', 'list/index.html', 'tags/index.html'];
  const listPages = filesOf(path.join(outDir, 'page')).map((file) => `page/${file}`);
  const data = filesOf(outDir).filter(
    (file) =>
      file.endsWith('.json') &&
      !file.startsWith(`${SIMILAR_INDEX_FOLDER}/`) &&
      file !== 'offline.json',
  );
  return [...pages, ...listPages, ...data].filter((file) => fs.existsSync(path.join(outDir, file)));
}

/** A built file's URL: the base, then its path, `index.html` as the folder. */
const urlOf = (base: string, file: string): string =>
  `${base}${file.replace(/(^|\/)index\.html$/, '$1')}`;

/** Writes `sw.js` and `offline.json` into the build output `outDir`. */
export async function writeServiceWorker(
  outDir: string,
  base: string,
  site: string,
): Promise<void> {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const id = buildId(outDir, prefix, site);
  const icons = ['favicon.svg', 'favicon.png', 'apple-touch-icon.png'].filter((file) =>
    fs.existsSync(path.join(outDir, file)),
  );
  const shellFiles = [...filesOf(path.join(outDir, '_astro')).map((f) => `_astro/${f}`), ...icons];
  const shell = shellFiles.map((file) => urlOf(prefix, file));
  const size = (file: string) => fs.statSync(path.join(outDir, file)).size;
  const manifest: OfflineManifest = {
    buildId: id,
    files: [...shellFiles, ...packFiles(outDir)].map((file) => [urlOf(prefix, file), size(file)]),
  };
  const result = await esbuild.build({
    entryPoints: [SOURCE],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    define: {
      __BUILD_ID__: JSON.stringify(id),
      __BASE__: JSON.stringify(prefix),
      __SHELL__: JSON.stringify(shell),
    },
  });
  const code = result.outputFiles[0]?.text ?? '';
  fs.writeFileSync(path.join(outDir, 'sw.js'), `// Paper Explorer build ${id}\n${code}`);
  fs.writeFileSync(path.join(outDir, 'offline.json'), JSON.stringify(manifest));
}
