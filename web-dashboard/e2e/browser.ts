// What the browser tests share: the system Chromium (one per test file), a page opened with its errors caught, and
// how they read the board view.

import { afterAll, beforeAll } from 'vitest';
import { Browser, Page } from 'playwright-core';
import { Daemon, DaemonOptions, Watcher, launchBrowser } from './harness';

export let browser: Browser;

/**
 * How long a test waits for what it expects to see: generous, since a page on a starved machine shows it late
 * (a hub's page polls its index every 5 s; 15 s ran out beside two CPU-bound loops). It bounds a wait, never
 * asserts how long something took. The pages' own default and vitest's expect.poll (vitest.e2e.config.ts) use it too.
 */
export const WAIT = 60_000;

/** The daemon and the watcher on its broker that a describe block's tests share. */
export interface LocalDaemon {
  daemon: Daemon;
  watcher: Watcher;
}

/**
 * Start a daemon (the options, or a function of what earlier hooks made) and a watcher on its broker before the
 * block's tests, and stop both after them.
 */
export function useDaemon(options: DaemonOptions | (() => DaemonOptions) = {}): LocalDaemon {
  const local = {} as LocalDaemon;
  beforeAll(async () => {
    local.daemon = await Daemon.start(typeof options === 'function' ? options() : options);
    local.watcher = await Watcher.connect(local.daemon.brokerUrl);
  });
  afterAll(async () => {
    await local.watcher?.close();
    await local.daemon?.stop();
  });
  return local;
}

/** Launch this file's browser before its tests, close it after. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** Open a page and fail the test on any error the page itself throws. */
export async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(WAIT);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** The same URL in English (the page is Japanese unless asked): these tests read its English words. */
export function english(url: string): string {
  const [base, hash] = url.split('#');
  return `${base}${base.includes('?') ? '&' : '?'}lang=en${hash === undefined ? '' : '#' + hash}`;
}

export const pieceAt = (page: Page, square: string) =>
  page.locator(`.board-svg [data-piece-square="${square}"]`).textContent({ timeout: WAIT });

export async function moveList(page: Page): Promise<string[]> {
  return page.locator('.moves li').allTextContents();
}

/** Wait until the page shows the state of this seq or a newer one. */
export async function shows(page: Page, seq: number): Promise<void> {
  await page.waitForFunction((s) => Number(document.querySelector('.board-page')?.getAttribute('data-seq') ?? -1) >= s,
    seq, { timeout: WAIT });
}

/** Click a move in USI on the board: the piece (or the komadai piece of a drop), the square, and the promotion. */
export async function clickMove(page: Page, usi: string): Promise<void> {
  const drop = /^([A-Z])\*(\w\w)$/.exec(usi);
  if (drop) {
    await page.locator(`.board-svg [data-hand="black:${drop[1]}"]`).click();
    await page.locator(`.board-svg rect[data-square="${drop[2]}"]`).click();
    return;
  }
  const from = usi.slice(0, 2);
  const to = usi.slice(2, 4);
  // The pieces let clicks through to their squares (pointer-events: none), as a person's click does.
  await page.locator(`.board-svg rect[data-square="${from}"]`).click();
  await page.locator(`.board-svg rect[data-square="${to}"]`).click();
  const promotion = page.locator('.control-panel .promotion');
  if (await promotion.isVisible()) {
    await promotion.locator(`button[data-promote="${usi.endsWith('+') ? 'yes' : 'no'}"]`).click();
  }
}
