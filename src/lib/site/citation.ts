/**
 * How a paper is cited: a BibTeX entry, a plain-text reference, and the Google Scholar `citation_*`
 * meta tags (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing) for paper pages.
 */
import type { Paper } from '../schema';
import { foldDiacritics } from '../text/fold';

/** A `<meta name content>` pair. */
export interface MetaTag {
  name: string;
  content: string;
}

/** Where the paper's PDF is, when known: given, else OpenReview's or arXiv's. */
export function pdfUrl(paper: Paper): string | undefined {
  const { pdf, openreview, arxiv } = paper.paperLinks;
  if (pdf) return pdf;
  if (openreview) return `https://openreview.net/pdf?id=${encodeURIComponent(openreview)}`;
  if (arxiv) return `https://arxiv.org/pdf/${arxiv}`;
  return undefined;
}

/** The external pages of a paper, each with the label a reader knows it by. */
export function externalLinks(paper: Paper): { label: string; url: string }[] {
  const { doi, openreview, arxiv, page } = paper.paperLinks;
  const links: { label: string; url: string }[] = [];
  const pdf = pdfUrl(paper);
  if (pdf) links.push({ label: 'PDF', url: pdf });
  if (doi) links.push({ label: `DOI ${doi}`, url: `https://doi.org/${doi}` });
  if (openreview) {
    links.push({
      label: 'OpenReview',
      url: `https://openreview.net/forum?id=${encodeURIComponent(openreview)}`,
    });
  }
  if (arxiv) links.push({ label: `arXiv ${arxiv}`, url: `https://arxiv.org/abs/${arxiv}` });
  if (page) links.push({ label: 'Paper page', url: page });
  return links;
}

/** `lindqvist2026bayesian`: the given BibTeX key, else first author's surname, year, first title word. */
export function citeKey(paper: Paper): string {
  const given = paper.sources.find((source) => source.key && /^[\w:.-]+$/.test(source.key))?.key;
  if (given) return given;
  const surname = foldDiacritics(paper.authors[0]?.split(' ').at(-1) ?? '').replace(/[^a-z]/g, '');
  const word = foldDiacritics(paper.title)
    .split(/[^a-z0-9]+/)
    .find((w) => w.length > 3);
  return `${surname || 'paper'}${paper.year ?? ''}${word ?? ''}-${paper.id.slice(0, 6)}`;
}

/** Escapes what BibTeX reads as markup in a field value. */
function bibtexValue(text: string): string {
  return text.replace(/([{}\\&%$#_])/g, '\\$1');
}

/** A BibTeX entry for the paper; `url` is its page on this site. */
export function bibtexCitation(paper: Paper, venue: string, url: string): string {
  const fields: [string, string | undefined][] = [
    ['title', `{${bibtexValue(paper.title)}}`],
    ['author', paper.authors.length > 0 ? paper.authors.map(bibtexValue).join(' and ') : undefined],
    ['booktitle', bibtexValue(venue)],
    ['year', paper.year === null ? undefined : String(paper.year)],
    ['doi', paper.paperLinks.doi],
    [
      'url',
      paper.paperLinks.doi
        ? undefined
        : (externalLinks(paper).find((l) => l.label !== 'PDF')?.url ?? url),
    ],
  ];
  const body = fields
    .filter((field): field is [string, string] => field[1] !== undefined)
    .map(([name, value]) => `  ${name} = {${value}}`)
    .join(',\n');
  return `@inproceedings{${citeKey(paper)},\n${body}\n}`;
}

/** `Lindqvist, Å., Müller, K. (2026). Title. ICLR 2026 Papers. https://…` */
export function plainCitation(paper: Paper, venue: string, url: string): string {
  const names = paper.authors.map(shortName);
  const who =
    names.length === 0
      ? ''
      : names.length <= 3
        ? `${names.join(', ')}`
        : `${names.slice(0, 3).join(', ')}, et al.`;
  const authors = who === '' || who.endsWith('.') ? who : `${who}.`;
  const when = paper.year === null ? '' : `(${paper.year}). `;
  const title = /[.?!]$/.test(paper.title) ? paper.title : `${paper.title}.`;
  const where = paper.paperLinks.doi ? `https://doi.org/${paper.paperLinks.doi}` : url;
  return `${authors}${authors ? ' ' : ''}${when}${title} ${venue}. ${where}`;
}

/** `Åsa Lindqvist` → `Lindqvist, Å.`; a one-word or group name stays as it is. */
function shortName(name: string): string {
  const parts = name.split(' ');
  if (parts.length < 2) return name;
  const surname = parts.at(-1)!;
  const initials = parts
    .slice(0, -1)
    .filter((part) => /^\p{Lu}/u.test(part))
    .map((part) => `${[...part][0]}.`)
    .join(' ');
  const particles = parts.slice(0, -1).filter((part) => /^\p{Ll}/u.test(part));
  const family = [...particles, surname].join(' ');
  return initials ? `${family}, ${initials}` : family;
}

/** Google Scholar's tags for a paper page. */
export function citationMetaTags(paper: Paper, venue: string): MetaTag[] {
  const tags: MetaTag[] = [{ name: 'citation_title', content: paper.title }];
  for (const author of paper.authors) tags.push({ name: 'citation_author', content: author });
  if (paper.year !== null) {
    tags.push({ name: 'citation_publication_date', content: String(paper.year) });
  }
  tags.push({ name: 'citation_conference_title', content: venue });
  const pdf = pdfUrl(paper);
  if (pdf) tags.push({ name: 'citation_pdf_url', content: pdf });
  if (paper.paperLinks.doi) tags.push({ name: 'citation_doi', content: paper.paperLinks.doi });
  if (paper.paperLinks.arxiv) {
    tags.push({ name: 'citation_arxiv_id', content: paper.paperLinks.arxiv });
  }
  return tags;
}
