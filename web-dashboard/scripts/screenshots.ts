// Make the dashboard's screenshots in docs/images from a real run: a club of three boards on Mosquitto, each a daemon
// (the packaged jar) on a simulated board. Table 1 replays the opening of a real game (the Kifu for JS sample record,
// MIT) move by move through cmd/sim with analysis on; table 2 is Okisaki (10x10), its moves the engine's hints; table 3
// is minishogi, engine against engine, played to the end. Run from web-dashboard/ after `mvn -q package -DskipTests`:
//   npm run screenshots

import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Daemon, Mosquitto, Watcher, launchBrowser, recordMoves, scratchDirectory, sleep } from '../e2e/harness';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(HERE, '../../docs/images');
const RECORD = resolve(HERE, '../../core/src/test/resources/records/jt201409130101.kif');
const EVENT = 'club-2026-11';
const OPENING_PLIES = 48;

const players = (black: string, white: string) =>
  `players:\n  sente: {type: human, name: ${black}}\n  gote: {type: human, name: ${white}}\n`;
const clock = 'clock: {main-seconds: 900, byoyomi-seconds: 30}\n';

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const moves = recordMoves(RECORD).slice(0, OPENING_PLIES);

  const broker = await Mosquitto.start(scratchDirectory('mosquitto'));
  const daemons = await Promise.all([
    Daemon.club(broker, EVENT, 'table1', [], players('山田', '佐藤') + clock + 'analysis: {enabled: true, millis: 300}\n'),
    Daemon.club(broker, EVENT, 'table2', ['--variant', 'okisaki'], players('田中', '鈴木') + clock),
    Daemon.club(broker, EVENT, 'table3', ['--variant', 'minishogi', '--sente', 'engine:2', '--gote', 'engine:2']),
  ]);
  const watcher = await Watcher.connect(broker.tcpUrl);
  try {
    // A daemon listens for commands once its first state is out.
    await Promise.all(['table1', 'table2', 'table3'].map((t) => watcher.state(`${EVENT}/${t}`)));
    await Promise.all([
      (async () => {
        for (const move of moves) {
          await watcher.play(`${EVENT}/table1`, move);
        }
      })(),
      (async () => {
        for (let ply = 0; ply < 16; ply++) {
          const hint = await watcher.command(`${EVENT}/table2`, 'hint');
          await watcher.play(`${EVENT}/table2`, String(hint.hint));
        }
      })(),
    ]);
    await watcher.state(`${EVENT}/table3`, (s) => s.result !== null, 300_000);
    await sleep(1_500); // the last analysis

    const browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${daemons[0].dashboardUrl}#/board/${EVENT}/table1`);
    await page.locator('.board-page[data-seq]').waitFor();
    await page.locator('.graph svg').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-board.png` }); // the page in Japanese, as it opens
    await page.locator('.arbiter-buttons button[data-verb="hint"]').click();
    await page.locator('.board-svg line.hint-arrow').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/dashboard-hint.png` }); // the hint drawn as an arrow, named in notation
    // The new-game dialog, filled in for a two-piece handicap game with a clock (then cancelled).
    await page.locator('.arbiter-buttons button[data-verb="new-game"]').click();
    const dialog = page.locator('dialog.new-game-dialog');
    await dialog.locator('select[name="handicap"]').selectOption('two-pieces');
    await dialog.locator('input[name="black-name"]').fill('花子');
    await dialog.locator('select[name="white-type"]').selectOption('engine');
    await dialog.locator('select[name="white-level"]').selectOption('4');
    await dialog.locator('select[name="preset"]').selectOption('10+30');
    await dialog.screenshot({ path: `${OUT}/dashboard-new-game.png` });
    await dialog.locator('button[value="cancel"]').click();
    // The arbiter's clock paused: the side to move's clock reads 停止中.
    await page.locator('.clock-buttons button[data-clock="pause"]').click();
    await page.locator('.clock.paused').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-arbiter.png` });
    await page.locator('.clock-buttons button[data-clock="start"]').click();
    await page.goto(`${daemons[0].dashboardUrl}?lang=en#/board/${EVENT}/table1`);
    await page.locator('.board-page[data-seq]').waitFor();
    await page.locator('.graph svg').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-board-en.png` }); // the same in English (the header's switch)
    await page.goto(`${daemons[1].dashboardUrl}#/board/${EVENT}/table2`);
    await page.locator('.board-page[data-seq] svg.board-10x10').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-okisaki.png` });
    await page.goto(`${daemons[0].dashboardUrl}#/event/${EVENT}`);
    await page.locator('.mini[data-board="table3"]').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-event.png` });
    // Table 3's finished game, opened from the board's recorded games.
    await page.goto(`${daemons[2].dashboardUrl}#/games`);
    await page.locator('.games-page a[data-game]').first().click();
    await page.locator('.board-page[data-game] .result:not(:empty)').waitFor();
    await page.screenshot({ path: `${OUT}/dashboard-recorded.png` });
    // A person against the computer on a board whose pieces the player moves: the computer's move is drawn (blue,
    // as the LEDs show it) until it is carried out.
    const versus = await Daemon.start({ args: ['--gote', 'engine:3'], config: 'board:\n  follow-leds: false\n' });
    try {
      const local = await Watcher.connect(versus.brokerUrl);
      await local.state('local/board1');
      await local.play('local/board1', '7g7f');
      const asked = await local.state('local/board1', (s) => typeof s.engineMove === 'string', 30_000);
      await page.goto(versus.dashboardUrl);
      await page.locator('.board-svg rect.engine-to').waitFor();
      await page.screenshot({ path: `${OUT}/dashboard-computer-move.png` });
      // Then a correction: the computer's move carried out, a stray piece on 5e and a pawn too many on sente's komadai.
      await local.play('local/board1', String(asked.engineMove));
      await local.command('local/board1', 'sim', { action: 'place', square: '5e' });
      await local.command('local/board1', 'sim', { action: 'put', side: 'black', piece: 'P' });
      await local.state('local/board1', (s) => (s.boardStatus as { status: string }).status === 'correction-needed', 30_000);
      await local.close();
      await page.locator('.board-svg .komadai.black.correction').waitFor();
      await page.screenshot({ path: `${OUT}/dashboard-correction.png` });
    } finally {
      await versus.stop();
    }
    // A handicap game in progress: 二枚落ち, 下手 花子 against the computer as 上手, 30 s a move, the clock in byoyomi.
    const handicap = await Daemon.start();
    try {
      const local = await Watcher.connect(handicap.brokerUrl);
      await local.state('local/board1');
      await local.command('local/board1', 'new-game', { handicap: 'two-pieces', black: { type: 'human', name: '花子' },
        white: { type: 'engine', level: 4 }, time: { 'main-seconds': 0, 'byoyomi-seconds': 30, 'increment-seconds': 0 } });
      for (const [ply, move] of [[1, '7g7f'], [3, '6g6f'], [5, '7i6h'], [7, '6h6g']] as const) {
        await local.state('local/board1', (s) => s.moves.length === ply && s.engineMove === null, 30_000);
        await local.play('local/board1', move);
      }
      await local.state('local/board1', (s) => s.moves.length === 9 && s.engineMove === null, 30_000);
      await local.close();
      await page.goto(handicap.dashboardUrl);
      await page.locator('.board-page[data-seq]').waitFor();
      await sleep(3_200); // the clock counts the byoyomi down
      await page.screenshot({ path: `${OUT}/dashboard-handicap.png` });
    } finally {
      await handicap.stop();
    }
    await browser.close();
    console.log(`Screenshots written to ${OUT}.`);
  } finally {
    await watcher.close();
    await Promise.all(daemons.map((d) => d.stop()));
    await broker.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
