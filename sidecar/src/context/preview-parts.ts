// The PDF preview's long-lived parts: the page and file caches, the spool folder and the render pool, whose worker
// threads (and mupdf) are started only when the first page is rendered, so a sidecar nobody asks for previews never
// holds them.
import type { PreviewParts } from '../api/preview-route.js';
import { createPageCache } from '../preview/page-cache.js';
import { createSpoolFolder } from '../preview/spool-folder.js';
import { createPdfFileCache } from '../preview/pdf-file-cache.js';
import { createPdfRenderPool, type PdfPageRenderer } from '../preview/pdf-render-pool.js';
import type { PreviewSettings } from '../settings/preview-settings.js';

export interface OwnedPreviewParts extends PreviewParts {
  /** Stops the render pool (when it was started) and deletes the kept files. */
  close(): Promise<void>;
}

export function createPreviewParts(settings: PreviewSettings): OwnedPreviewParts {
  const renderer = lazyRenderPool();
  const files = createPdfFileCache({ maxBytes: settings.fileCacheBytes, idleMs: settings.fileCacheIdleMs });
  return {
    renderer,
    cache: createPageCache(),
    files,
    spool: createSpoolFolder(),
    close: async () => {
      await renderer.close();
      await files.close();
    },
  };
}

/** A render pool created on the first page asked for; closing an unused one does nothing. */
function lazyRenderPool(): PdfPageRenderer {
  let pool: PdfPageRenderer | undefined;
  return {
    renderPage: (filePath, page, scale) => (pool ??= createPdfRenderPool()).renderPage(filePath, page, scale),
    close: async () => pool?.close(),
  };
}
