// The dashboard's benchmark, on loopback, with the README's main set-up (the daemon of the packaged jar on a
// simulated board, its embedded broker and web server) and the system Chromium, headless:
//   1. the bundle: each built file's size, raw and gzip (as the daemon serves it);
//   2. time to first board: from navigation start to the board of the live state in the page, in a fresh browser
//      context each time (nothing cached);
//   3. move to page: a real game (the Kifu for JS sample record, MIT) is played move by move on the simulated board
//      through cmd/sim; for every state the page shows, the delay from the board's change (the state's `time`, taken
//      when the board loop made it) to the page's DOM holding it and to the next animation frame (painted). A Node
//      subscriber on the same broker gives the MQTT share of it.
// Run from web-dashboard/ after `mvn -q package -DskipTests`:  npm run bench:page [-- --loads 20 --plies 120]

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Daemon, Watcher, launchBrowser, recordMoves } from '../e2e/harness';

const HERE = dirname(fileURLToPath(import.meta.url));
const BUNDLE = resolve(HERE, '../target/classes/dashboard');
const RECORD = resolve(HERE, '../../core/src/test/resources/records/jt201409130101.kif');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(values: readonly number[]): string {
  const f = (v: number) => v.toFixed(1);
  return `n=${values.length} p50 ${f(percentile(values, 50))} ms, p90 ${f(percentile(values, 90))} ms, `
    + `p99 ${f(percentile(values, 99))} ms, max ${f(Math.max(...values))} ms`;
}

function bundle(): void {
  const files: string[] = [];
  const walk = (dir: string) => readdirSync(dir).forEach((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path); else files.push(path);
  });
  walk(BUNDLE);
  let raw = 0;
  let zipped = 0;
  console.log('Bundle (target/classes/dashboard):');
  for (const file of files.sort()) {
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes).length;
    raw += bytes.length;
    zipped += gzip;
    console.log(`  ${file.slice(BUNDLE.length + 1)}: ${(bytes.length / 1024).toFixed(1)} kB, gzip ${(gzip / 1024).toFixed(1)} kB`);
  }
  console.log(`  total: ${(raw / 1024).toFixed(1)} kB, gzip ${(zipped / 1024).toFixed(1)} kB`);
}

/** Record in the page when each state is in the DOM and when the next frame is painted (epoch ms, sub-ms). */
const RECORDER = `
  window.__shown = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target;
      if (change.attributeName !== 'data-seq' || !el.classList || !el.classList.contains('board-page')) continue;
      const entry = { seq: Number(el.getAttribute('data-seq')), dom: performance.timeOrigin + performance.now(), frame: 0,
        sinceNavigation: performance.now() };
      window.__shown.push(entry);
      requestAnimationFrame(() => { entry.frame = performance.timeOrigin + performance.now(); });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
`;

interface Shown { seq: number; dom: number; frame: number; sinceNavigation: number }

async function main(): Promise<void> {
  const loads = option('loads', 20);
  const plies = option('plies', 120);
  bundle();

  const moves = recordMoves(RECORD).slice(0, plies);
  const daemon = await Daemon.start({ args: ['--sente', 'human', '--gote', 'human'] });
  const watcher = await Watcher.connect(daemon.brokerUrl);
  const browser = await launchBrowser();
  try {
    await watcher.state('local/board1');

    const firstBoard: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < loads + 1; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(RECORDER);
      await page.goto(daemon.dashboardUrl);
      await page.locator('.board-page[data-seq]').waitFor();
      const shown = await page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown[0]);
      const ready = await page.evaluate(() =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
      if (i > 0) { // the first load warms the daemon's JIT and asset cache
        firstBoard.push(shown.sinceNavigation);
        loaded.push(ready);
      }
      await context.close();
    }
    console.log(`Time to first board (navigation start to the live board in the DOM, fresh context): ${summary(firstBoard)}`);
    console.log(`  of which the page and its script loaded (DOMContentLoaded): ${summary(loaded)}`);
    if (moves.length === 0) return;

    const page = await browser.newPage();
    await page.addInitScript(RECORDER);
    await page.goto(daemon.dashboardUrl);
    await page.locator('.board-page[data-seq]').waitFor();
    const arrived = new Map<number, number>();
    watcher.onState = (key, state) => {
      if (key === 'local/board1') arrived.set(state.seq, performance.timeOrigin + performance.now());
    };
    for (const move of moves) {
      await watcher.play('local/board1', move);
    }
    const last = watcher.states.get('local/board1')!;
    await page.waitForFunction((seq) => Number(document.querySelector('.board-page')?.getAttribute('data-seq')) >= seq, last.seq);
    await page.waitForTimeout(100);
    const shown = await page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);
    const dom: number[] = [];
    const frame: number[] = [];
    const mqtt: number[] = [];
    for (const s of shown) {
      const state = watcher.seen.get(`local/board1#${s.seq}`);
      if (!state || s.seq <= shown[0].seq) continue; // the first is the page's initial load
      dom.push(s.dom - state.time);
      if (s.frame > 0) frame.push(s.frame - state.time);
      const at = arrived.get(s.seq);
      if (at !== undefined) mqtt.push(at - state.time);
    }
    console.log(`Move to page over ${moves.length} moves (${dom.length} states shown), from the board's change:`);
    console.log(`  in the page's DOM:        ${summary(dom)}`);
    console.log(`  painted (next frame):     ${summary(frame)}`);
    console.log(`  at a Node subscriber:     ${summary(mqtt)}`);
  } finally {
    await browser.close();
    await watcher.close();
    await daemon.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
