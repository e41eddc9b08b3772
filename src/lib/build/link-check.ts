/**
 * A link checker for the built site: every internal link, script, stylesheet, image and CSS url()
 * must resolve to a file in the output folder (respecting the deploy base), and every same-page
 * `#fragment` to an element id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';

/** A reference in a built file that points at nothing. */
export interface BrokenLink {
  /** The file that holds the reference, relative to the output folder. */
  file: string;
  /** The reference as written. */
  ref: string;
}

const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action'] as const;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/** The URLs a page references and the ids it defines (htmlparser2, as the CSP step parses pages). */
function htmlRefs(html: string): { refs: string[]; ids: Set<string> } {
  const refs: string[] = [];
  const ids = new Set<string>();
  for (const { attribs } of DomUtils.findAll(() => true, parseDocument(html).children)) {
    if (attribs.id !== undefined) ids.add(attribs.id);
    for (const name of URL_ATTRIBUTES) {
      const value = attribs[name];
      if (value !== undefined) refs.push(value);
    }
    const srcset = attribs.srcset;
    if (srcset !== undefined) {
      refs.push(...srcset.split(',').flatMap((part) => part.trim().split(/\s+/)[0] ?? []));
    }
  }
  return { refs, ids };
}

function cssRefs(css: string): string[] {
  return [...css.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)].flatMap((m) => m[1] ?? []);
}

function isExternal(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//');
}

/** Checks every HTML and CSS file of a built site; returns the broken references. */
export function checkLinks(outDir: string, base = '/'): BrokenLink[] {
  const root = path.resolve(outDir);
  const prefix = base.replace(/\/?$/, '/');
  const broken: BrokenLink[] = [];
  const exists = (sitePath: string): boolean => {
    if (!sitePath.startsWith(prefix)) return false;
    const local = path.join(root, decodeURIComponent(sitePath.slice(prefix.length)));
    if (!local.startsWith(root)) return false;
    if (fs.existsSync(local) && fs.statSync(local).isFile()) return true;
    return fs.existsSync(path.join(local, 'index.html'));
  };
  for (const file of listFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const pageUrl = new URL(`${prefix}${relative}`, 'http://site.invalid');
    let refs: string[];
    let ids = new Set<string>();
    if (file.endsWith('.html')) {
      ({ refs, ids } = htmlRefs(fs.readFileSync(file, 'utf8')));
    } else if (file.endsWith('.css')) {
      refs = cssRefs(fs.readFileSync(file, 'utf8'));
    } else {
      continue;
    }
    for (const ref of refs) {
      if (ref === '' || isExternal(ref)) continue;
      if (ref.startsWith('#')) {
        if (ref.length > 1 && !ids.has(decodeURIComponent(ref.slice(1))))
          broken.push({ file: relative, ref });
        continue;
      }
      const target = new URL(ref, pageUrl);
      if (!exists(target.pathname)) broken.push({ file: relative, ref });
    }
  }
  return broken;
}
