import type { TestProject } from 'vitest/node';
import { SEED_DUMPS } from '../support/seeds';
import { buildSite, serveSite } from '../support/site';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDir: string;
  }
}

/** Builds the seed site once for every browser test and serves it on loopback. */
export default async function setup(project: TestProject) {
  const site = await buildSite({ dumps: SEED_DUMPS, outDir: '.tmp/site' });
  const server = await serveSite(site.outDir);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', site.outDir);
  return () => server.close();
}
