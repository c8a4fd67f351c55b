// The worker thread behind page-images.ts: turns one page of a PDF or of an image (PNG, JPEG, TIFF) into a greyscale
// PNG for Tesseract with mupdf. PDF pages are rendered at 300 dpi, lower when that would pass the pixel bound; images
// keep their own resolution and are refused when they have more pixels than the bound allows.
import * as mupdf from 'mupdf';
import { serveWorkerJobs, type JobOutcome } from '../../../workers/worker-jobs.js';
import { PAGE_IMAGE_FAILURES, type PageImageJob, type PageImageResult } from './page-image-jobs.js';

/** Resolution of a PDF page rendered for OCR: Tesseract reads best at about 300 dpi. */
const PDF_OCR_DPI = 300;

mupdf.setLog({});

serveWorkerJobs(renderPageImage);

function renderPageImage(job: PageImageJob): JobOutcome<PageImageResult> {
  let document: mupdf.Document | undefined;
  try {
    const scale = job.mimeType === 'application/pdf' ? PDF_OCR_DPI / 72 : nativeScale(job);
    if (scale === undefined) return { failure: PAGE_IMAGE_FAILURES.pixels };
    document = mupdf.Document.openDocument(job.bytes, job.mimeType);
    if (document.needsPassword()) return { failure: PAGE_IMAGE_FAILURES.encrypted };
    const pageCount = document.countPages();
    if (job.pageIndex >= pageCount) return { failure: PAGE_IMAGE_FAILURES.unreadable };
    const png = renderGreyPng(document, job, scale);
    if (!png) return { failure: PAGE_IMAGE_FAILURES.pixels };
    return { result: { png, pageCount }, transfer: [png.buffer], recycle: job.bytes.length > 32 * 1024 * 1024 };
  } catch {
    return { failure: PAGE_IMAGE_FAILURES.unreadable };
  } finally {
    document?.destroy();
    mupdf.emptyStore();
  }
}

/**
 * The zoom at which an image's page has the image's own pixels (mupdf lays an image out at its resolution), or
 * undefined when the image has more pixels than allowed: read from its header, before anything is decoded.
 */
function nativeScale(job: PageImageJob): number | undefined {
  const image = new mupdf.Image(job.bytes);
  try {
    if (image.getWidth() * image.getHeight() > job.maxPixels) return undefined;
    return (image.getXResolution() || 96) / 72;
  } finally {
    image.destroy();
  }
}

/** The page as a greyscale PNG at `scale` (lower for a PDF page that would pass the bound); undefined past it. */
function renderGreyPng(
  document: mupdf.Document,
  job: PageImageJob,
  scale: number,
): Uint8Array<ArrayBuffer> | undefined {
  const page = document.loadPage(job.pageIndex);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const pixelsAt = (zoom: number) => Math.ceil((x1 - x0) * zoom) * Math.ceil((y1 - y0) * zoom);
    let zoom = scale;
    if (job.mimeType === 'application/pdf') {
      while (zoom > 0.05 && pixelsAt(zoom) > job.maxPixels) zoom *= 0.95;
    }
    if (pixelsAt(zoom) > job.maxPixels * 1.01) return undefined;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceGray, false, true);
    try {
      return pixmap.asPNG().slice();
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}
