// @ts-check
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

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

export default defineConfig({
  site,
  base,
  output: 'static',
  trailingSlash: 'always',
  outDir: process.env.OUT_DIR || './dist',
  integrations: [sitemap(), sitemapAlias],
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
