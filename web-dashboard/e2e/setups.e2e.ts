// Every set-up the new-game dialog offers, played by clicks at a quick player's pace (issue 82), in a real browser
// against the real daemon: its own file, so that it runs beside board.e2e.ts and event.e2e.ts (it was the longest
// test of board.e2e.ts, about 80 s of its 140).

import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Move, SpecialMoveType, importCSA, importKIF } from 'tsshogi';
import { clickMove, open, shows, useBrowser, useDaemon, WAIT } from './browser';

useBrowser();

describe('every set-up the new-game dialog offers, played by clicks at a quick player\'s pace (issue 82)', () => {
  // The simulated hands carry out the computer's moves (the default), so clicks come while the hands are at work.
  const local = useDaemon();
  const board = 'local/board1';

  // Each handicap and the even game; the person on each side in turn; each kind of time control in turn. Every game
  // after the first is started in the middle of the one before, while the computer thinks or its move is carried out.
  const handicaps = ['', 'lance', 'right-lance', 'bishop', 'rook', 'rook-lance', 'two-pieces', 'three-pieces', 'four-pieces',
    'five-pieces', 'left-five-pieces', 'six-pieces', 'left-seven-pieces', 'right-seven-pieces', 'eight-pieces', 'ten-pieces'];
  const times = ['none', '10+30', '30s', '5+10f'];
  const pawnPushes = { black: ['7g7f', '2g2f'], white: ['3c3d', '8c8d'] };

  it('plays every handicap from either side with every kind of clock, a new game started in the middle of each', async () => {
    const { page, errors } = await open(local.daemon.dashboardUrl);
    await shows(page, (await local.watcher.state(board)).seq);
    for (let i = 0; i < handicaps.length; i++) {
      const person: 'black' | 'white' = i % 2 === 0 ? 'black' : 'white';
      const computer = person === 'black' ? 'white' : 'black';
      const time = times[i % times.length];
      const before = (await local.watcher.state(board)).game;
      await page.locator('.arbiter-buttons button[data-verb="new-game"]').click();
      const dialog = page.locator('dialog.new-game-dialog');
      // Once, a loaded fresh clone's dialog never opened at the 8th game (docs/testing.md): say what the page said.
      await dialog.waitFor().catch(async (e: Error) => {
        throw new Error(`game ${i + 1}: the new-game dialog did not open (page errors ${JSON.stringify(errors)}; `
          + `panel: ${await page.locator('.panel-message').textContent()}; status: ${await page.locator('.status')
            .textContent()}): ${e.message}`);
      });
      await dialog.locator('select[name="handicap"]').selectOption(handicaps[i]);
      await dialog.locator(`select[name="${person}-type"]`).selectOption('human');
      await dialog.locator(`input[name="${person}-name"]`).fill(`花子${i}`);
      await dialog.locator(`select[name="${computer}-type"]`).selectOption('engine');
      await dialog.locator(`select[name="${computer}-level"]`).selectOption('1');
      await dialog.locator('select[name="preset"]').selectOption(time);
      await dialog.locator('button.start-game').click();
      // Answered once the simulated hands have set the new game up: until then the board may still show the last one,
      // and a click on a square the board is then asked to fix is that fix, not a move (beside a CPU-bound loop).
      await page.locator('.panel-message', { hasText: '新しい対局を始めました。' }).waitFor();
      const set = await local.watcher.state(board, (s) => s.game !== before && s.result === null); // the computer may have moved
      const label = `${handicaps[i] || 'even'}, the person ${person}, clock ${time}`;
      const mine = pawnPushes[person];
      for (const usi of mine) {
        // The person's turn as soon as the page shows it: the computer's move carried out by the hands, if it had one.
        const turn = await local.watcher.state(board, (s) => s.game === set.game && s.sideToMove === person && s.engineMove === null
          && (s.boardStatus as { status: string }).status === 'matched', 30_000);
        await shows(page, turn.seq);
        await clickMove(page, usi);
        const made = await local.watcher.state(board, (s) => s.game === set.game && s.moves.includes(usi), 20_000)
          .catch(async (e: Error) => {
            throw new Error(`${label}: ${usi} was not made (${await page.locator('.panel-message').textContent()}; `
              + `${await page.locator('.status').textContent()}): ${e.message}`);
          });
        // at the ply it was clicked at (the computer's reply may be carried out before this watcher sees the state)
        expect(made.moves[turn.moves.length], label).toBe(usi);
      }
      if (time === '30s') {
        // Byoyomi alone: the clock says so and counts it down (the computer's clock runs while it thinks).
        const clock = page.locator(`.player[data-side="${person}"] .clock`);
        await expect.poll(() => clock.textContent(), { timeout: WAIT }).toMatch(/^秒読み \d+$/);
      } else if (time === '10+30') {
        await expect.poll(() => page.locator(`.player[data-side="${person}"] .clock`).textContent()).toMatch(/^\d+:\d\d 秒読み30秒$/);
      }
      const shown = await page.locator(`.player[data-side="${person}"] .name`).textContent();
      expect(shown, label).toBe(`花子${i}`);
      expect(await page.locator(`.player[data-side="${computer}"] .name`).textContent(), label).toBe('コンピュータ レベル1');
      if (handicaps[i]) {
        expect(await page.locator(`.player[data-side="black"] .mark`).textContent(), label).toBe('▲下手');
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
  it('filed every game left for the next in KIF and CSA that an independent reader (tsshogi, ShogiHome\'s) reads alike', async () => {
    const games = join(local.daemon.dataDir, 'games');
    const count = () => (existsSync(games) ? readdirSync(games).filter((f) => f.endsWith('.kifu')).length : 0);
    await expect.poll(count, { timeout: WAIT }).toBeGreaterThanOrEqual(handicaps.length - 1);
    let handicapGames = 0;
    for (const file of readdirSync(games).filter((f) => f.endsWith('.kifu'))) {
      const kifText = readFileSync(join(games, file), 'utf8');
      const csaText = readFileSync(join(games, file.replace(/\.kifu$/, '.csa')), 'utf8');
      const kif = importKIF(kifText);
      const csa = importCSA(csaText);
      if (kif instanceof Error) throw new Error(`${file}: tsshogi refuses the KIF: ${kif.message}\n${kifText}`);
      if (csa instanceof Error) throw new Error(`${file}: tsshogi refuses the CSA: ${csa.message}\n${csaText}`);
      const moves = (r: typeof kif) => r.moves.slice(1).map((m) => (m.move instanceof Move ? m.move.usi : m.move.type));
      expect(csa.initialPosition.sfen, file).toBe(kif.initialPosition.sfen);
      expect(moves(csa), file).toEqual(moves(kif));
      // Each was left for a new game: 中断 in KIF, %CHUDAN in CSA, after the moves it had.
      expect(moves(kif).at(-1), `${file}:\n${kifText}`).toBe(SpecialMoveType.INTERRUPT);
      expect(kifText.split('手合割：').length - 1, `${file}: one 手合割\n${kifText}`).toBe(1);
      expect(csaText, file).not.toContain('手合割');
      if (kif.initialPosition.sfen.split(' ')[1] === 'w') {
        handicapGames++;
        expect(kifText, file).toMatch(/\n下手：.+\n上手：.+\n/);
      }
    }
    expect(handicapGames).toBeGreaterThanOrEqual(handicaps.length - 2);
  });
});
