/** Debian's Chromium (never a downloaded browser), shared by the browser suite and the bench. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The launch flags measured in ../shared/TOOLCHAIN.md (the launcher adds the headless flag). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
