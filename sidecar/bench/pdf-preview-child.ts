// Child process of the PDF preview benchmark: the preview route (as the sidecar mounts it) for alice against the
// Nextcloud URL in argv[2], twice: with the default ETag trust window and asking Nextcloud for every preview, both
// rendering with one pool as a sidecar does; prints both URLs, so the parent can also read this process's peak memory
// while it renders.
import { DEFAULT_ETAG_TRUST_SECONDS } from '../src/settings/preview-settings.js';
import { createPdfRenderPool } from '../src/preview/pdf-render-pool.js';
import { startPreviewApp } from '../test/support/preview-app.js';
import { BENCH_PASSWORD } from './child-process.js';

const pool = createPdfRenderPool();
const base = { nextcloudUrl: process.argv[2] ?? '', userId: 'alice', appPassword: BENCH_PASSWORD, pool };
const trusting = await startPreviewApp({ ...base, etagTrustMs: DEFAULT_ETAG_TRUST_SECONDS * 1000 });
const asking = await startPreviewApp(base);
console.log(JSON.stringify({ url: trusting.url, askingUrl: asking.url }));
process.once(
  'SIGTERM',
  () => void Promise.all([trusting.close(), asking.close(), pool.close()]).then(() => process.exit(0)),
);
