import type { TestProject } from 'vitest/node';
import { SEED_DUMPS } from '../support/seeds';
import { buildSite } from '../support/site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seed site built by the integration project's global setup. */
    seedSiteDir: string;
  }
}

/** Builds the seed site once for the integration tests that read built files. */
export default async function setup(project: TestProject) {
  const site = await buildSite({ dumps: SEED_DUMPS, outDir: '.tmp/site-integration' });
  project.provide('seedSiteDir', site.outDir);
}
