/**
 * A Vite plugin that fails the build on any CSS warning. esbuild's CSS minifier only warns about a
 * syntax error and then drops the rule it could not read (a stray `.` once voided every text-field
 * style), so a warning here is a broken page, not noise.
 */
import type { Plugin } from 'vite';

/** Collects the CSS warnings Vite logs during a build and throws once the bundle is written. */
export function failOnCssWarnings(): Plugin {
  const warnings: string[] = [];
  return {
    name: 'fail-on-css-warnings',
    apply: 'build',
    configResolved(config) {
      const warn = config.logger.warn.bind(config.logger);
      config.logger.warn = (message, options) => {
        if (/\bcss\b/i.test(message)) warnings.push(message);
        warn(message, options);
      };
    },
    closeBundle() {
      if (warnings.length > 0) {
        throw new Error(`CSS warnings fail the build (fix the CSS):\n${warnings.join('\n')}`);
      }
    },
  };
}
