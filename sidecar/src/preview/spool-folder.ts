// The folder PDF downloads are spooled into: one per process (mode 0700), made on first use and removed at exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SpoolFolder {
  path(): string;
}

export function createSpoolFolder(): SpoolFolder {
  let folder: string | undefined;
  return {
    path: () => {
      if (folder === undefined) {
        const made = mkdtempSync(join(tmpdir(), 'nextcloud-mcp-preview-'));
        process.once('exit', () => rmSync(made, { recursive: true, force: true }));
        folder = made;
      }
      return folder;
    },
  };
}
