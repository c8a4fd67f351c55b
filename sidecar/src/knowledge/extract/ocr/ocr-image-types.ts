// The images OCR reads and the short, stable reasons the files source counts when it leaves scans out.
// unverified: .png → image/png, .jpg/.jpeg → image/jpeg, .tif/.tiff → image/tiff in PROPFIND's getcontenttype (source:
// Nextcloud's resources/config/mimetypemapping.dist.json; the sheet names only .md, .csv, .pdf and .json).
/** Media types of images whose text OCR reads (Nextcloud names them by extension). */
export const OCR_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/tiff']);

/** Whether OCR reads scans now: switched off, running, or on but without Tesseract or one of its languages. */
export type OcrState = 'off' | 'ready' | 'unavailable';

/** Why an image is not indexed in this OCR state; undefined when OCR reads it. */
export function imageSkipReason(state: OcrState): string | undefined {
  if (state === 'ready') return undefined;
  return state === 'off' ? 'image: OCR is off' : 'image: OCR unavailable';
}

/** Why the image-only pages of a PDF have no text in this OCR state (a note on the PDF, which is indexed). */
export function scannedPagesNote(state: Exclude<OcrState, 'ready'>): string {
  return state === 'off' ? 'PDF: scanned pages not read (OCR is off)' : 'PDF: scanned pages not read (OCR unavailable)';
}

/** Appended to a file's version while OCR reads scans, so that switching OCR on or off reads every file once more. */
export const OCR_VERSION_MARK = '~ocr';

/** The version a file is listed and stored under in this OCR state. */
export function versionUnderOcr(etag: string, state: OcrState): string {
  return state === 'ready' ? `${etag}${OCR_VERSION_MARK}` : etag;
}
