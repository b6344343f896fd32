/** Debian's Chromium through playwright-core, with the flags TOOLCHAIN.md lists for this machine. */
import { chromium, type Browser } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for every Chromium the bench starts (Playwright adds --headless itself). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches headless Chromium; the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
}
