import { defineConfig } from 'vitest/config';

// Three projects, run in this order (sequence.groupOrder): `unit` tests call src/lib in process on tiny
// inputs; `integration` tests run the CLI and `astro build` in child processes (always async spawn, so
// a busy worker never misses vitest's RPC) and read what they wrote; `browser` tests drive Debian's
// Chromium against built sites. Every test reads its dumps from tests/fixtures, never content/dumps.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/support/fast-check-seed.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Builds the seed site once for the integration files (tests/integration/global-setup.ts).
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each file starts builds of its own: one file at a time on a 2-core machine.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // Builds the seed site once; base-path, keyboard and hostile build their own sites.
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One test file (one Chromium) at a time: the machines have 2 cores.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
