// How a test chooses the way Nextcloud shows the companion's pages: theme and language (cookies the harness's page
// shell reads, test/e2e/harness/page-shell.php) and the window's width (the browser's viewport).
import type { Page } from 'playwright-core';

export interface NextcloudLook {
  theme?: 'light' | 'dark';
  language?: 'en' | 'de';
  /** A phone is 390 px wide (and 844 px high); the default is a desktop window of 1400 × 1000. */
  width?: number;
}

/** Applies `look` to pages of the harness at `harnessUrl` from the next navigation on. */
export async function useNextcloudLook(page: Page, harnessUrl: string, look: NextcloudLook): Promise<void> {
  await page.context().addCookies([
    { name: 'harness_theme', value: look.theme ?? 'light', url: harnessUrl },
    { name: 'harness_language', value: look.language ?? 'en', url: harnessUrl },
  ]);
  const width = look.width ?? 1400;
  await page.setViewportSize({ width, height: width < 600 ? 844 : 1000 });
}
