import type { TestProject } from 'vitest/node';
import { buildSite, serveSite } from '../support/site';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDir: string;
  }
}

/** Builds the seed site once for every browser test and serves it on loopback. */
export default async function setup(project: TestProject) {
  const site = buildSite({ dumps: 'content/dumps', outDir: '.tmp/site' });
  const server = await serveSite(site.outDir);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', site.outDir);
  return () => server.close();
}
