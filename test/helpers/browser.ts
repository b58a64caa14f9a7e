/**
 * Launches the Debian Chromium through playwright-core for end-to-end tests, with
 * every background feature that would call an outside host turned off. Shared by
 * the suites that drive a real browser.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.QUIRE_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
