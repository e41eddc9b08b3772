// @ts-check
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { failOnCssWarnings } from './src/lib/build/css-warnings.ts';
import { paperUrlsWhenSharded, rendersSitePages } from './src/lib/build/shard.ts';
import { isIndexable } from './src/lib/build/noindex.ts';
import { writeServiceWorker } from './src/lib/build/service-worker.ts';

// Deploy target: SITE_URL is the public origin (https://example.org), BASE_PATH the sub-path the site
// lives under (`/paper-explorer/` for a GitHub Pages project site). Both are optional.
const site = process.env.SITE_URL || 'http://localhost:4321';
const base = process.env.BASE_PATH || '/';

/** @astrojs/sitemap writes sitemap-index.xml; crawlers and people also look for /sitemap.xml. */
const sitemapAlias = {
  name: 'sitemap-alias',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': ({ dir }) => {
      const out = fileURLToPath(dir);
      fs.copyFileSync(`${out}/sitemap-index.xml`, `${out}/sitemap.xml`);
    },
  },
};

/** The service worker and the offline pack's manifest, written once every page is (src/lib/build/service-worker.ts). */
const serviceWorker = {
  name: 'service-worker',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      await writeServiceWorker(fileURLToPath(dir), base, site);
    },
  },
};

export default defineConfig({
  site,
  base,
  output: 'static',
  trailingSlash: 'always',
  outDir: process.env.OUT_DIR || './dist',
  // Only the site shard writes the sitemap, listing the paper pages other processes render too
  // (scripts/build-site.ts; one process unless the site is large).
  integrations: rendersSitePages
    ? [
        // Only pages a search engine may index: `noindex` pages (the reading list, 404) stay out.
        sitemap({
          customPages: paperUrlsWhenSharded(site, base),
          filter: (page) => isIndexable(page, base),
        }),
        sitemapAlias,
        serviceWorker,
      ]
    : [],
  // Every script and stylesheet is a shared, cached file: inlined, the same few KB would be repeated
  // in each of 20,000 pages (docs/build.md).
  // Two pages in flight: one renders while the other's directory and file are written, which
  // otherwise leaves the CPU idle for each of 20,000 pages (docs/build.md; same bytes either way).
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 2 },
  devToolbar: { enabled: false },
  vite: {
    plugins: [failOnCssWarnings()],
    build: {
      assetsInlineLimit: 0,
      // Client scripts as `_astro/<hash>.js`: Astro's own names (`CopyLinkButton.astro_astro_type_
      // script_index_0_lang.<hash>.js`) cost ~50 bytes per script tag, ~6 MB over 20,000 pages.
      rollupOptions: { output: { entryFileNames: '_astro/[hash].js' } },
    },
  },
});
