// What page-images.ts and its worker (page-image-worker.ts) exchange. Apart from the worker so that the main thread
// never loads the worker's module, which loads mupdf (about 20 MB of WebAssembly).
/** What the pool sends: the file's bytes (copied), its media type, the 0-based page and the pixel bound. */
export interface PageImageJob {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
  pageIndex: number;
  maxPixels: number;
}

export interface PageImageResult {
  png: Uint8Array<ArrayBuffer>;
  pageCount: number;
}

/** The failure messages the pool turns into reasons; each is safe to show. */
export const PAGE_IMAGE_FAILURES = {
  unreadable: 'The image could not be read.',
  pixels: 'The image has more pixels than OCR may read (KNOWLEDGE_OCR_MAX_PIXELS).',
  encrypted: 'The PDF is encrypted.',
} as const;
