// The text of an EPUB book: the package document (found through META-INF/container.xml) names the chapters in
// reading order (the spine); each chapter's XHTML is read like a page of HTML.
import { collectElements } from './markup-text.js';
import type { Extractor } from './extractor.js';
import { collectHtmlText } from './html-text.js';
import { openZipArchive } from './zip-archive.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

export const extractEpubText: Extractor = async (bytes, { limits, deadline, sink }) => {
  const zip = await openZipArchive(bytes, limits, deadline);
  try {
    // EPUB's encryption.xml lists resources encrypted by a DRM scheme (font obfuscation alone names only fonts).
    const encryption = await zip.readText('META-INF/encryption.xml');
    if (encryption && /<[^>]*CipherReference[^>]*URI="[^"]*\.x?html?"/i.test(encryption)) {
      throw new ExtractionRefusedError(REFUSAL_REASONS.encrypted);
    }
    const container = await zip.readText('META-INF/container.xml');
    const packagePath = container && collectElements(container, 'rootfile')[0]?.['full-path'];
    const opf = packagePath ? await zip.readText(packagePath) : undefined;
    if (!packagePath || opf === undefined) throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
    const folder = packagePath.includes('/') ? packagePath.slice(0, packagePath.lastIndexOf('/') + 1) : '';
    const hrefs = new Map(collectElements(opf, 'item').map((item) => [item.id, item.href]));
    for (const reference of collectElements(opf, 'itemref')) {
      const href = reference.idref ? hrefs.get(reference.idref) : undefined;
      if (!href) continue;
      const chapter = await zip.readText(resolveHref(folder, href));
      if (chapter === undefined) continue;
      collectHtmlText(chapter, sink, deadline);
      sink.breakLine();
      if (sink.full) break;
    }
  } finally {
    zip.close();
  }
};

/** A manifest href (relative to the package document, percent-encoded) as an entry name. */
function resolveHref(folder: string, href: string): string {
  let decoded = href.split('#')[0] ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Left as written: the entry is then not found and the chapter skipped.
  }
  const segments: string[] = [];
  for (const segment of `${folder}${decoded}`.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}
