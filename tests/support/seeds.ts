/**
 * The seed dumps as test fixtures: a copy under tests/, so the dumps a user adds to the site never
 * change what a test sees. Counts in tests come from the records the test built, never from here.
 */
import { join } from 'node:path';

/** The folder holding the three seed dumps. */
export const SEED_DUMPS = join(import.meta.dirname, '../fixtures/seeds');
