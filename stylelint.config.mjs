/**
 * Stylelint for src/styles/*.css and the <style> blocks of .astro components (postcss-html).
 * stylelint-config-standard, tuned to this project's CSS: BEM-free kebab-case class names with
 * prefixes (`rl-`, `map-`), and `:global()` inside Astro's scoped styles.
 */
export default {
  extends: ['stylelint-config-standard', 'stylelint-config-html/astro'],
  rules: {
    // Hues are written as bare numbers (oklch(… 215)), as the topic palette does.
    'hue-degree-notation': 'number',
    // Font family names keep their own capitals (Roboto, Menlo), also inside custom properties.
    'value-keyword-case': ['lower', { ignoreProperties: [/^--font-/, 'font-family'] }],
    'selector-pseudo-class-no-unknown': [true, { ignorePseudoClasses: ['global'] }],
  },
};
