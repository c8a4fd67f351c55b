// Child process of the PDF preview benchmark: the preview route (as the sidecar mounts it) for alice against the
// Nextcloud URL in argv[2]; prints its URL, so the parent can read this process's peak memory while it renders.
import { startPreviewApp } from '../test/support/preview-app.js';
import { BENCH_PASSWORD } from './child-process.js';

const app = await startPreviewApp({
  nextcloudUrl: process.argv[2] ?? '',
  userId: 'alice',
  appPassword: BENCH_PASSWORD,
});
console.log(JSON.stringify({ url: app.url }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
