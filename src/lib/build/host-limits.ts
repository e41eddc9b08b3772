/**
 * Static hosts' published limits, and which a built site exceeds: scripts/build-site.ts prints
 * them after a build, so a 20,000- or 100,000-paper site learns before its deploy fails. Figures
 * as the hosts document them (docs/build.md, "Host limits", with sources; checked 2026-12-02).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface HostLimit {
  host: string;
  /** Whole published site, bytes. */
  siteBytes?: number;
  /** Files in the site. */
  files?: number;
  /** One file, bytes. */
  fileBytes?: number;
  /** Entries (files and folders) in one folder. */
  folderEntries?: number;
}

export const HOST_LIMITS: readonly HostLimit[] = [
  // "Published GitHub Pages sites may be no larger than 1 GB" (GitHub Docs, GitHub Pages limits).
  { host: 'GitHub Pages', siteBytes: 1e9 },
  // 20,000 files on the Free plan, 100,000 on paid plans (changelog 2026-01-23); 25 MiB a file.
  { host: 'Cloudflare Pages (Free)', files: 20_000, fileBytes: 25 * 2 ** 20 },
  { host: 'Cloudflare Pages (paid)', files: 100_000, fileBytes: 25 * 2 ** 20 },
  // "a limit of 54,000 files per directory" (Netlify Docs, Site deploys overview).
  { host: 'Netlify', folderEntries: 54_000 },
  // 1 GB and 200,000 entries per site on GitLab.com.
  { host: 'GitLab Pages', siteBytes: 1e9, files: 200_000 },
];

export interface SiteShape {
  files: number;
  bytes: number;
  largestFile: { path: string; bytes: number };
  /** Every file over the smallest per-file limit ({@link LARGE_FILE_BYTES}), largest first. */
  largeFiles?: { path: string; bytes: number }[];
  fullestFolder: { path: string; entries: number };
}

/** The smallest per-file limit of {@link HOST_LIMITS}: files over it are listed one by one. */
export const LARGE_FILE_BYTES = Math.min(
  ...HOST_LIMITS.flatMap((limit) => (limit.fileBytes === undefined ? [] : [limit.fileBytes])),
);

/** Counts a built site's files, bytes, largest file, files over a per-file limit and fullest folder. */
export function siteShape(dir: string, largeFileBytes = LARGE_FILE_BYTES): SiteShape {
  const shape: SiteShape = {
    files: 0,
    bytes: 0,
    largestFile: { path: '', bytes: 0 },
    largeFiles: [],
    fullestFolder: { path: '', entries: 0 },
  };
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true });
    if (entries.length > shape.fullestFolder.entries) {
      shape.fullestFolder = { path: relative(dir, folder) || '.', entries: entries.length };
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const bytes = statSync(path).size;
        shape.files += 1;
        shape.bytes += bytes;
        if (bytes > shape.largestFile.bytes)
          shape.largestFile = { path: relative(dir, path), bytes };
        if (bytes > largeFileBytes) shape.largeFiles!.push({ path: relative(dir, path), bytes });
      }
    }
  };
  walk(dir);
  shape.largeFiles!.sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
  return shape;
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

/** One line per host limit the site exceeds (none: it fits every host listed). */
export function exceededLimits(
  shape: SiteShape,
  limits: readonly HostLimit[] = HOST_LIMITS,
): string[] {
  const out: string[] = [];
  for (const limit of limits) {
    const over: string[] = [];
    if (limit.siteBytes !== undefined && shape.bytes > limit.siteBytes) {
      over.push(`${megabytes(shape.bytes)} of files (limit ${megabytes(limit.siteBytes)})`);
    }
    if (limit.files !== undefined && shape.files > limit.files) {
      over.push(`${count(shape.files)} files (limit ${count(limit.files)})`);
    }
    if (limit.fileBytes !== undefined) {
      const fileBytes = limit.fileBytes;
      const large = (shape.largeFiles ?? [shape.largestFile]).filter((f) => f.bytes > fileBytes);
      if (large.length > 0) {
        const named = large.map((f) => `${f.path} is ${megabytes(f.bytes)}`).join(', ');
        over.push(`${named} (limit ${megabytes(fileBytes)} a file)`);
      }
    }
    if (limit.folderEntries !== undefined && shape.fullestFolder.entries > limit.folderEntries) {
      over.push(
        `${shape.fullestFolder.path}/ holds ${count(shape.fullestFolder.entries)} entries (limit ${count(limit.folderEntries)} a folder)`,
      );
    }
    if (over.length > 0) out.push(`${limit.host}: ${over.join('; ')}`);
  }
  return out;
}
