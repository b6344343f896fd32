/** Headless Debian Chromium through playwright-core, with the flags TOOLCHAIN.md lists for this machine. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../support/chromium.ts';

export { CHROMIUM_FLAGS as CHROME_FLAGS, CHROMIUM_PATH as CHROME_PATH };

/** Launches headless Chromium (Playwright adds the headless flag); the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}
