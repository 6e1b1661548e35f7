/**
 * Headless Chromium for the browser tests, from the npm package @sparticuz/chromium (the browser
 * ships inside the package, so nothing is installed beside npm), driven by puppeteer-core. The
 * package's flags are kept but for those that switch off the browser's own security
 * (--disable-web-security would let any origin read any answer): the tests need CORS enforced as
 * in a user's browser.
 */
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';

const INSECURE = new Set(['--disable-web-security', '--allow-running-insecure-content', '--disable-site-isolation-trials']);

/** Flags that keep a browser from calling out: this machine reaches no network but its own. */
const QUIET = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const browserArgs = (): string[] => [...chromium.args.filter((arg) => !INSECURE.has(arg)), ...QUIET];

export async function launchBrowser(): Promise<Browser> {
  // No WebGL needed: skips unpacking the software GPU.
  chromium.setGraphicsMode = false;
  return puppeteer.launch({
    executablePath: await chromium.executablePath(),
    args: browserArgs(),
    headless: 'shell',
    // A bound on the start, so a browser that cannot start fails the test rather than hangs it.
    timeout: 60_000,
  });
}
