// Launches Debian's Chromium through playwright-core with the flags this machine needs.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @param options.webgl software WebGL (SwiftShader), which the search page's 3D map needs without a GPU */
export function launchChromium(options: { webgl?: boolean } = {}): Promise<Browser> {
  const webgl = options.webgl === true ? ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'] : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...webgl,
    ],
  });
}
