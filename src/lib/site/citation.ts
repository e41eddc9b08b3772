/**
 * How a paper is cited: a BibTeX entry, an RIS record (Zotero, Mendeley, EndNote), a plain-text
 * reference, and the Google Scholar `citation_*` meta tags
 * (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing) for paper pages.
 * Browser-safe: the reading list builds its exports with the same functions.
 *
 * Written here rather than with citation-js or a CSL processor (docs/citations.md): the two
 * formats are a few dozen lines each, while @citation-js/core with its BibTeX and RIS plugins is
 * ~1 MB of browser JavaScript; what matters is that no field can break out of its entry, which
 * these writers guarantee by construction and the tests check by parsing every export back.
 */
import type { Paper } from '../schema';
import { foldDiacritics } from '../text/fold';
import { isSafeFormula, titleTexParts } from '../text/title-tex';
import { articleText, pagesText } from './venues';

/** What a citation needs of a paper (a reading-list card carries the same fields). */
export type Citable = Pick<
  Paper,
  'id' | 'title' | 'titleSource' | 'titleTex' | 'authors' | 'year' | 'paperLinks' | 'publication'
> & {
  /** Where copies were found: only a structured dump's own key (`kitamura23`) is read. */
  sources?: readonly { key?: string }[];
};

/** A `<meta name content>` pair. */
export interface MetaTag {
  name: string;
  content: string;
}

/** What a derived title's citation says, so nobody cites it as the authors' own. */
export const DERIVED_TITLE_NOTE = 'Title derived from the abstract';

/** Where the paper's PDF is, when known: given, else OpenReview's or arXiv's. */
export function pdfUrl(paper: Pick<Citable, 'paperLinks'>): string | undefined {
  const { pdf, openreview, arxiv } = paper.paperLinks;
  if (pdf) return pdf;
  if (openreview) return `https://openreview.net/pdf?id=${encodeURIComponent(openreview)}`;
  if (arxiv) return `https://arxiv.org/pdf/${arxiv}`;
  return undefined;
}

/** The external pages of a paper, each with the label a reader knows it by. */
export function externalLinks(
  paper: Pick<Citable, 'paperLinks'>,
): { label: string; url: string }[] {
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

/**
 * The link a citation gives: the official one (DOI, OpenReview, PDF, arXiv, the proceedings' page)
 * before this site's own page.
 */
export function citationUrl(paper: Pick<Citable, 'paperLinks'>, siteUrl: string): string {
  const { doi, openreview, arxiv, page } = paper.paperLinks;
  if (doi) return `https://doi.org/${doi}`;
  if (openreview) return `https://openreview.net/forum?id=${encodeURIComponent(openreview)}`;
  return pdfUrl(paper) ?? (arxiv ? `https://arxiv.org/abs/${arxiv}` : undefined) ?? page ?? siteUrl;
}

/** `lindqvist2026bayesian`: the given BibTeX key, else first author's surname, year, first title word. */
export function citeKey(paper: Citable): string {
  const given = paper.sources?.find((source) => source.key && /^[\w:.-]+$/.test(source.key))?.key;
  if (given) return given;
  const surname = foldDiacritics(paper.authors[0]?.split(' ').at(-1) ?? '').replace(/[^a-z]/g, '');
  const word = foldDiacritics(paper.title)
    .split(/[^a-z0-9]+/)
    .find((w) => w.length > 3);
  return `${surname || 'paper'}${paper.year ?? ''}${word ?? ''}-${paper.id.slice(0, 6)}`;
}

/**
 * Text as a BibTeX field value: braces and backslashes become the commands that print them, which
 * carry only balanced braces of their own, so a value can never close its field or its entry
 * (BibTeX counts `\}` as a brace too); `& % $ # _` are escaped for LaTeX; line breaks become spaces.
 */
export function bibtexText(text: string): string {
  return text
    .replace(/[\r\n\t\f\v\u2028\u2029]+/g, ' ')
    .replace(/[\\{}]/g, (c) =>
      c === '\\' ? '\\textbackslash{}' : c === '{' ? '\\textbraceleft{}' : '\\textbraceright{}',
    )
    .replace(/([&%$#_])/g, '\\$1');
}

/**
 * The title as BibTeX text: its formulas as the source wrote them (`$\ell_p$`, checked at ingest),
 * everything else escaped, so `L_\infty` is cited as a formula, not as the text `L\_∞`.
 */
function bibtexTitle(paper: Pick<Citable, 'title' | 'titleTex'>): string {
  const parts = paper.titleTex ? titleTexParts(paper.titleTex) : [];
  // The ingest keeps only formulas KaTeX reads; a card could still carry anything, and a formula
  // written as it is must not end the field, the line or the entry.
  if (parts.length === 0 || !parts.every((part) => !part.formula || isSafeFormula(part.text)))
    return bibtexText(paper.title);
  return parts.map((part) => (part.formula ? `$${part.text}$` : bibtexText(part.text))).join('');
}

/** A URL or DOI as a verbatim BibTeX value: what could end the field or the line is percent-encoded. */
export function bibtexVerbatim(value: string): string {
  return value.replace(/[{}\\"\s%]/g, (c) =>
    c === '%' ? '%' : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

const MONTH_MACROS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)$/i;

/** A BibTeX entry for the paper; `venue` is its venue label, `url` its page on this site. */
export function bibtexCitation(paper: Citable, venue: string, url: string): string {
  const publication = paper.publication;
  const kind = publication.kind ?? 'inproceedings';
  const pages = publication.pages
    ? [publication.pages.first, publication.pages.last].filter(Boolean).join('--')
    : undefined;
  const arxiv = paper.paperLinks.arxiv;
  const text = (value: string | undefined) => (value ? `{${bibtexText(value)}}` : undefined);
  const fields: [string, string | undefined][] = [
    ['title', `{{${bibtexTitle(paper)}}}`],
    ['author', text(paper.authors.join(' and ') || undefined)],
    ['booktitle', kind === 'inproceedings' ? text(publication.booktitle ?? venue) : undefined],
    ['journal', kind === 'article' ? text(publication.journal ?? venue) : undefined],
    ['editor', text(publication.editors?.join(' and '))],
    ['volume', text(publication.volume)],
    ['number', text(publication.number)],
    ['series', text(publication.series)],
    ['pages', text(pages)],
    ['publisher', text(publication.publisher)],
    ['address', text(publication.address)],
    [
      'month',
      publication.month && MONTH_MACROS.test(publication.month)
        ? publication.month.toLowerCase()
        : text(publication.month),
    ],
    ['year', paper.year === null ? undefined : `{${paper.year}}`],
    ['doi', paper.paperLinks.doi ? `{${bibtexVerbatim(paper.paperLinks.doi)}}` : undefined],
    ['eprint', arxiv ? `{${bibtexVerbatim(arxiv)}}` : undefined],
    ['archiveprefix', arxiv ? '{arXiv}' : undefined],
    ['url', `{${bibtexVerbatim(citationUrl(paper, url))}}`],
    ['note', paper.titleSource === 'derived' ? `{${DERIVED_TITLE_NOTE}}` : undefined],
  ];
  const body = fields
    .filter((field): field is [string, string] => field[1] !== undefined)
    .map(([name, value]) => `  ${name} = ${value}`)
    .join(',\n');
  return `@${kind}{${citeKey(paper)},\n${body}\n}`;
}

/** An RIS value: one line, no control characters (a line break would start a new tag). */
function risText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** `Åsa Lindqvist` → `Lindqvist, Åsa`, as RIS writes names (a one-word name stays as it is). */
function risName(name: string): string {
  const parts = name.split(' ');
  if (parts.length < 2) return name;
  const particles = [];
  let i = parts.length - 1;
  while (i > 1 && /^\p{Ll}/u.test(parts[i - 1]!)) particles.unshift(parts[--i]!);
  const family = [...particles, parts.at(-1)!].join(' ');
  return `${family}, ${parts.slice(0, i).join(' ')}`;
}

/** One RIS record (https://en.wikipedia.org/wiki/RIS_(file_format)), lines ending in CRLF as the format asks. */
export function risCitation(paper: Citable, venue: string, url: string): string {
  const publication = paper.publication;
  const kind = publication.kind ?? 'inproceedings';
  const type = kind === 'article' ? 'JOUR' : kind === 'misc' ? 'GEN' : 'CPAPER';
  const lines: [string, string | undefined][] = [
    ['TY', type],
    ['TI', paper.title],
    ...paper.authors.map((name): [string, string] => ['AU', risName(name)]),
    ['T2', kind === 'article' ? (publication.journal ?? venue) : (publication.booktitle ?? venue)],
    ...(publication.editors ?? []).map((name): [string, string] => ['ED', risName(name)]),
    ['PY', paper.year === null ? undefined : String(paper.year)],
    ['VL', publication.volume],
    ['IS', publication.number],
    ['SP', publication.pages?.first],
    ['EP', publication.pages?.last],
    ['PB', publication.publisher],
    ['CY', publication.address],
    ['DO', paper.paperLinks.doi],
    ['UR', citationUrl(paper, url)],
    ['L1', pdfUrl(paper)],
    ['N1', paper.titleSource === 'derived' ? DERIVED_TITLE_NOTE : undefined],
  ];
  return [
    ...lines
      .filter((line): line is [string, string] => line[1] !== undefined && risText(line[1]) !== '')
      .map(([tag, value]) => `${tag}  - ${risText(value)}`),
    'ER  - ',
  ].join('\r\n');
}

/**
 * `Lindqvist, Å., Müller, K. (2026). Title. ICLR 2026. https://…`; a journal article names its
 * journal, volume and issue: `… Title. Computing in Science & Engineering 15(6), pp. 16–26. https://…`
 */
export function plainCitation(paper: Citable, venue: string, url: string): string {
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
  const marked = paper.titleSource === 'derived' ? `${title} [${DERIVED_TITLE_NOTE}.]` : title;
  const { publication } = paper;
  const pages = publication.pages ? `, ${pagesText(publication.pages)}` : '';
  const where =
    publication.kind === 'article' ? articleText(publication, venue) : `${venue}${pages}`;
  return `${authors}${authors ? ' ' : ''}${when}${marked} ${where}. ${citationUrl(paper, url)}`;
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
export function citationMetaTags(paper: Citable, venue: string): MetaTag[] {
  const tags: MetaTag[] = [{ name: 'citation_title', content: paper.title }];
  for (const author of paper.authors) tags.push({ name: 'citation_author', content: author });
  if (paper.year !== null) {
    tags.push({ name: 'citation_publication_date', content: String(paper.year) });
  }
  const { publication } = paper;
  if (publication.kind === 'article') {
    tags.push({ name: 'citation_journal_title', content: publication.journal ?? venue });
  } else {
    tags.push({ name: 'citation_conference_title', content: publication.booktitle ?? venue });
  }
  if (publication.volume) tags.push({ name: 'citation_volume', content: publication.volume });
  if (publication.number) tags.push({ name: 'citation_issue', content: publication.number });
  if (publication.pages) {
    tags.push({ name: 'citation_firstpage', content: publication.pages.first });
    if (publication.pages.last) {
      tags.push({ name: 'citation_lastpage', content: publication.pages.last });
    }
  }
  if (publication.publisher) {
    tags.push({ name: 'citation_publisher', content: publication.publisher });
  }
  const pdf = pdfUrl(paper);
  if (pdf) tags.push({ name: 'citation_pdf_url', content: pdf });
  if (paper.paperLinks.doi) tags.push({ name: 'citation_doi', content: paper.paperLinks.doi });
  if (paper.paperLinks.arxiv) {
    tags.push({ name: 'citation_arxiv_id', content: paper.paperLinks.arxiv });
  }
  return tags;
}
