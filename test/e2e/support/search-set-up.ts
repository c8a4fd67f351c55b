// The search journeys' common start: the double with carol's files and notes (a PDF among them), the hybrid sidecar
// indexing them, carol's provisioned app password, the companion's PHP harness and a Chromium page.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildPdf } from '../../../sidecar/test/support/pdf-fixtures.js';
import { createFilesApp, type FilesDouble } from '../../platform/apps/files.js';
import type { DoubleApp } from '../../platform/double-app.js';
import { createNotesApp, type NotesDouble } from '../../platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../platform/platform-double.js';
import { launchChromium } from './browser.js';
import {
  carolWithCompanionClient,
  CAROL_BASIC,
  startCarolHarness,
  stopJourney,
  TRUSTING_THE_COMPANION,
} from './companion-sign-in.js';
import { findFreePort, type PhpHarness } from './php-harness.js';
import { seedSearchContent } from './search-journey.js';
import { startHybridSidecar, type E2eSidecar } from './sidecar.js';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export interface SearchJourney {
  nextcloud: PlatformDouble;
  sidecar: E2eSidecar;
  harness: PhpHarness;
  browser: Browser;
  page: Page;
  stop(): Promise<void>;
}

/**
 * @param seedMore adds content to the five documents of seedSearchContent before the sidecar starts indexing
 * @param more Nextcloud apps beside files and notes, and settings of the sidecar
 */
export async function startSearchJourney(
  seedMore: (files: FilesDouble, notes: NotesDouble) => void = () => {},
  more: { apps?: DoubleApp[]; sidecarEnv?: Record<string, string> } = {},
): Promise<SearchJourney> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await findFreePort();
  const files = createFilesApp();
  const notes = createNotesApp();
  const nextcloud = await startPlatformDouble(carolWithCompanionClient(port, [files, notes, ...(more.apps ?? [])]));
  seedSearchContent(files, notes, buildPdf);
  seedMore(files, notes);
  const sidecar = await startHybridSidecar(nextcloud.url, undefined, {
    KNOWLEDGE_ENABLED: 'true',
    KNOWLEDGE_SCAN_INTERVAL: '3600',
    ...TRUSTING_THE_COMPANION,
    ...more.sidecarEnv,
  });
  const provisioned = await fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
    method: 'POST',
    headers: { authorization: CAROL_BASIC },
  });
  expect(provisioned.status).toBe(200);
  const harness = await startCarolHarness(sidecar, nextcloud, port);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(10_000);
  return {
    nextcloud,
    sidecar,
    harness,
    browser,
    page,
    stop: () => stopJourney({ browser, harness, sidecar, nextcloud }),
  };
}
