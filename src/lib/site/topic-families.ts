/**
 * The map's colour groups: the taxonomy's topics gathered into ten families, so a dot's colour can be
 * told apart at a glance (26+ topic colours cannot). Each family also has its own shape, so readers
 * who cannot tell the colours apart still can tell the families apart.
 *
 * The grouping lives here, not in content/taxonomy.yaml, because only the map uses it. A topic the
 * list does not name (a new one in the taxonomy) falls into "General machine learning"; the unit test
 * checks that every topic of the taxonomy has a family.
 */

/** The dot shapes, one per family, drawn by the map as SVG symbols. */
export const SHAPES = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'triangle-down',
  'plus',
  'star',
  'cross',
  'pentagon',
  'hexagon',
] as const;
export type Shape = (typeof SHAPES)[number];

/** One colour group of the map. */
export interface TopicFamily {
  /** Stable id, used in CSS classes (`family-<id>`). */
  id: string;
  label: string;
  shape: Shape;
  /** Topic slugs of the family, in the order the legend lists them. */
  topics: readonly string[];
}

/** The family of papers whose main topic is not listed below, or who have none. */
export const GENERAL_FAMILY = 'general';

export const TOPIC_FAMILIES: readonly TopicFamily[] = [
  {
    id: 'language',
    label: 'Language, reasoning and code',
    shape: 'circle',
    topics: [
      'large-language-models',
      'natural-language-processing',
      'reasoning',
      'code-generation',
      'retrieval-search',
    ],
  },
  {
    id: 'vision',
    label: 'Vision, audio and multimodal',
    shape: 'square',
    topics: ['computer-vision', 'vision-language', 'audio-speech'],
  },
  {
    id: 'generative',
    label: 'Generative models',
    shape: 'triangle',
    topics: ['generative-models'],
  },
  {
    id: 'decisions',
    label: 'Reinforcement learning, agents and robotics',
    shape: 'diamond',
    topics: ['reinforcement-learning', 'agents', 'robotics', 'multi-agent-game-theory'],
  },
  {
    id: 'trust',
    label: 'Alignment, safety and trust',
    shape: 'triangle-down',
    topics: ['alignment', 'robustness-safety', 'privacy-security', 'fairness', 'interpretability'],
  },
  {
    id: 'theory',
    label: 'Theory, optimization and statistics',
    shape: 'plus',
    topics: ['learning-theory', 'optimization', 'uncertainty-statistics', 'causality'],
  },
  {
    id: 'paradigms',
    label: 'Learning paradigms and graphs',
    shape: 'star',
    topics: [
      'representation-learning',
      'distribution-shift',
      'multitask-meta-continual',
      'federated-learning',
      'graph-learning',
    ],
  },
  {
    id: 'science',
    label: 'Science, health and time series',
    shape: 'cross',
    topics: [
      'neuroscience',
      'biology-health',
      'chemistry-molecules',
      'physics-pdes',
      'time-series',
    ],
  },
  {
    id: 'systems',
    label: 'Efficiency, architectures, data and benchmarks',
    shape: 'pentagon',
    topics: ['efficiency-systems', 'architectures', 'data-centric', 'benchmarks-datasets'],
  },
  {
    id: GENERAL_FAMILY,
    label: 'General machine learning',
    shape: 'hexagon',
    topics: ['other'],
  },
];

const familyByTopic = new Map(
  TOPIC_FAMILIES.flatMap((family) => family.topics.map((topic) => [topic, family] as const)),
);

/** The family of a paper whose main topic is `topic` (null: the paper has none). */
export function familyOf(topic: string | null): TopicFamily {
  return (
    (topic === null ? undefined : familyByTopic.get(topic)) ??
    TOPIC_FAMILIES.find((family) => family.id === GENERAL_FAMILY)!
  );
}
