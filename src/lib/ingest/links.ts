/**
 * The http(s) links an abstract quotes, classified by what they point at. URLs are found by the same
 * code that turns them into links on the page (markup.ts), so the list and the page never disagree.
 */
import { findUrls } from '../text/markup';
import type { Link, LinkKind } from '../schema';

/** Hosts whose pages are datasets. */
const DATA_HOSTS = [
  'zenodo.org',
  'figshare.com',
  'osf.io',
  'datadryad.org',
  'data.mendeley.com',
  'openml.org',
  'archive.ics.uci.edu',
  'physionet.org',
];
/** Hosts whose pages are source code. */
const CODE_HOSTS = [
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'codeberg.org',
  'sourceforge.net',
  'anonymous.4open.science',
  'gitee.com',
];
/** Hosts that serve project pages and demos. */
const PROJECT_HOSTS = [
  'github.io',
  'gitlab.io',
  'sites.google.com',
  'netlify.app',
  'vercel.app',
  'pages.dev',
  'readthedocs.io',
  'notion.site',
];
/** Paths on shared hosts that decide the kind, e.g. `huggingface.co/datasets/...`. */
const PATH_KINDS: { host: string; path: RegExp; kind: LinkKind }[] = [
  { host: 'huggingface.co', path: /^\/datasets\//, kind: 'data' },
  { host: 'hf.co', path: /^\/datasets\//, kind: 'data' },
  { host: 'huggingface.co', path: /^\/spaces\//, kind: 'project' },
  { host: 'hf.co', path: /^\/spaces\//, kind: 'project' },
  { host: 'kaggle.com', path: /^\/datasets\//, kind: 'data' },
  { host: 'kaggle.com', path: /^\/code\//, kind: 'code' },
];

/** Every http(s) URL of a text, in order of first appearance, without duplicates, classified. */
export function extractLinks(text: string): Link[] {
  const seen = new Set<string>();
  const links: Link[] = [];
  for (const { url } of findUrls(text)) {
    if (seen.has(url) || !isAbsoluteHttpUrl(url)) continue;
    seen.add(url);
    links.push({ url, kind: classifyLink(url) });
  }
  return links;
}

/** Code, data, project page or other, judged from the URL's host and path. */
export function classifyLink(url: string): LinkKind {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname;
  const byPath = PATH_KINDS.find((rule) => rule.host === host && rule.path.test(path));
  if (byPath) return byPath.kind;
  if (matchesHost(host, DATA_HOSTS) || /^dataverse\./.test(host)) return 'data';
  if (matchesHost(host, PROJECT_HOSTS)) return 'project';
  if (matchesHost(host, CODE_HOSTS) || /(^|\/)code(\/|$)/i.test(path)) return 'code';
  return 'other';
}

function matchesHost(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function isAbsoluteHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}
