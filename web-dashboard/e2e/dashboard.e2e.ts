// The dashboard in a real browser (the system Chromium) against the real daemon (the packaged jar) and real brokers:
// the daemon's embedded Moquette, as the README's main command runs it, and Debian's Mosquitto for a club of boards.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { Move, SpecialMoveType, importCSA, importKIF } from 'tsshogi';
import { Daemon, EmulatedBoard, Hub, Mosquitto, Watcher, launchBrowser, scratchDirectory, sleep, testRecord } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Open a page and fail the test on any error the page itself throws. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** The same URL in English (the page is Japanese unless asked): these tests read its English words. */
function english(url: string): string {
  const [base, hash] = url.split('#');
  return `${base}${base.includes('?') ? '&' : '?'}lang=en${hash === undefined ? '' : '#' + hash}`;
}

const pieceAt = (page: Page, square: string) =>
  page.locator(`.board-svg [data-piece-square="${square}"]`).textContent({ timeout: 10_000 });

async function moveList(page: Page): Promise<string[]> {
  return page.locator('.moves li').allTextContents();
}

/** Wait until the page shows the state of this seq or a newer one. */
async function shows(page: Page, seq: number): Promise<void> {
  await page.waitForFunction((s) => Number(document.querySelector('.board-page')?.getAttribute('data-seq') ?? -1) >= s,
    seq, { timeout: 20_000 });
}

describe('the daemon\'s own page, on its embedded broker', () => {
  let daemon: Daemon;
  let watcher: Watcher;
  let page: Page;
  let errors: string[];
  const board = 'local/board1';

  beforeAll(async () => {
    // The voice publishes what the board says (no sound on this machine), for the page's sound.
    daemon = await Daemon.start({ args: ['--gote', 'engine:1'], config: 'voice:\n  enabled: true\n  output: none\n' });
    watcher = await Watcher.connect(daemon.brokerUrl);
    ({ page, errors } = await open(english(daemon.dashboardUrl)));
  });

  afterAll(async () => {
    await page?.close();
    await watcher?.close();
    await daemon?.stop();
  });

  it('shows the start position, the players and that the board is online', async () => {
    const state = await watcher.state(board);
    await shows(page, state.seq);
    expect(await page.locator('.board-svg [data-piece-square]').count()).toBe(40);
    expect(await pieceAt(page, '7g')).toBe('歩');
    expect(await pieceAt(page, '5i')).toBe('王');
    expect(await pieceAt(page, '5a')).toBe('玉');
    expect(await pieceAt(page, '2h')).toBe('飛');
    expect(await page.locator('.near .name').textContent()).toBe('Sente');
    expect(await page.locator('.far .name').textContent()).toContain('level 1');
    await page.locator('.online.online').waitFor();
    expect(await page.locator('#connection').textContent()).toBe('connected');
    expect(await moveList(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a move made on the simulated board through cmd/sim, then the engine\'s reply', async () => {
    const before = await watcher.state(board);
    expect(await watcher.command(board, 'sim', { action: 'play', usi: '7g7f' })).toMatchObject({ ok: true });
    const moved = await watcher.state(board, (s) => s.moves.length === 1);
    await shows(page, moved.seq);
    expect(await pieceAt(page, '7f')).toBe('歩');
    expect(await page.locator('.board-svg [data-piece-square="7g"]').count()).toBe(0);
    // The last move lit: 7g7f, unless the engine's reply (level 1 is quick) is shown already, which lights its own two
    // squares (beside a busy machine the page had moved on between the wait above and this read).
    const lit = await page.evaluate(() => ({ seq: Number(document.querySelector('.board-page')?.getAttribute('data-seq')),
      squares: [...document.querySelectorAll('.board-svg rect.last-move')].map((e) => e.getAttribute('data-square')).sort() }));
    if (lit.seq === moved.seq) expect(lit.squares).toEqual(['7f', '7g']);
    else expect(lit.squares).toHaveLength(2);
    expect((await moveList(page))[0]).toBe('▲７六歩');
    // The engine answers, the simulated hands carry its move out, and the page shows it.
    const answered = await watcher.state(board, (s) => s.moves.length === 2 && s.seq > before.seq);
    await shows(page, answered.seq);
    const list = await moveList(page);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatch(/^△/);
    expect(errors).toEqual([]);
  });

  it('says the computer\'s move with the browser\'s speech once the sound is on', async () => {
    const { page: listening, errors: soundErrors } = await open(english(daemon.dashboardUrl));
    await listening.evaluate(() => {
      const spoken: string[] = [];
      (window as unknown as { spoken: string[] }).spoken = spoken;
      speechSynthesis.speak = (u: SpeechSynthesisUtterance) => { spoken.push(`${u.lang} ${u.text}`); };
    });
    const before = await watcher.state(board, (s) => s.moves.length % 2 === 0);
    await shows(listening, before.seq);
    expect(await listening.locator('button.sound').getAttribute('aria-pressed')).toBe('false');
    await listening.locator('button.sound').click();
    expect(await listening.locator('button.sound').getAttribute('aria-pressed')).toBe('true');
    expect(await watcher.command(board, 'sim', { action: 'play', usi: '2g2f' })).toMatchObject({ ok: true });
    const answered = await watcher.state(board, (s) => s.moves.length === before.moves.length + 2, 30_000);
    const said = `ja-JP ${answered.movesJapanese[answered.moves.length - 1].slice(1)}`;
    await listening.waitForFunction((text) => (window as unknown as { spoken: string[] }).spoken.includes(text), said,
      { timeout: 15_000 });
    expect(soundErrors).toEqual([]);
    await listening.close();
  });

  it('plays a game by clicking in the control panel: hinted moves, each answered by the engine, then resigns', async () => {
    for (let turn = 0; turn < 3; turn++) {
      const before = await watcher.state(board, (s) => s.moves.length % 2 === 0);
      await shows(page, before.seq);
      await page.locator('.control-panel button[data-verb="hint"]').click();
      const message = page.locator('.panel-message[data-hint]');
      const hint = await message.textContent({ timeout: 15_000 });
      expect(hint).toMatch(/^Hint: [▲△][０-９１][一二三四五六七八九同]/); // named in Japanese notation, never USI
      const usi = (await message.getAttribute('data-hint'))!;
      expect(await page.locator(`.board-svg line.hint-arrow[data-hint="${usi}"]`).count()).toBe(1); // drawn on the board
      await clickMove(page, usi);
      const answered = await watcher.state(board, (s) => s.moves.length === before.moves.length + 2, 30_000);
      expect(answered.moves[before.moves.length]).toBe(usi);
      await shows(page, answered.seq);
      expect(await moveList(page)).toHaveLength(answered.moves.length);
    }
    await page.locator('.sim-buttons button[data-verb="resign"]').click();
    const ended = await watcher.state(board, (s) => s.result !== null);
    await shows(page, ended.seq);
    // The built-in engine by its level in the page's language, whatever name the state gives it.
    const level = (ended.players as { white: { level: number } }).white.level;
    expect(await page.locator('.result').textContent()).toBe(`△ Computer level ${level} wins by resignation`);
    expect(errors).toEqual([]);
  });

  it('steps back through the game and returns to the live position, and downloads the record', async () => {
    const state = await watcher.state(board);
    await page.locator('.moves li[data-ply="1"]').click();
    expect(await page.locator('.status').textContent()).toBe(`Showing move 1 of ${state.moves.length}. Press "live" to follow the game.`);
    expect(await pieceAt(page, '7f')).toBe('歩');
    expect(await page.locator('.board-svg [data-piece-square]').count()).toBe(40);
    await page.locator('button.live').click();
    expect(await page.locator('.board-page').getAttribute('data-ply')).toBe(String(state.moves.length));
    const kif = await page.evaluate(async () => {
      const link = document.querySelector('.downloads a') as HTMLAnchorElement;
      return (await fetch(link.href)).text();
    });
    expect(kif).toContain('７六歩');
    const shiftJis = await page.evaluate(async () => {
      const link = [...document.querySelectorAll('.downloads a')].find((a) => a.textContent === 'KIF (Shift_JIS)') as HTMLAnchorElement;
      const bytes = await (await fetch(link.href)).arrayBuffer();
      return new TextDecoder('shift_jis').decode(bytes);
    });
    expect(shiftJis).toContain('７六歩'); // Shift_JIS for Kifu for Windows and older tools
    // The resigned game is in the archive: listed under its day, and opened in the board view with stepping.
    expect(await page.locator('.downloads a.games-link').textContent()).toBe('all games');
    await page.locator('.downloads a.games-link').click();
    await page.locator(`.games-page a[data-game="${state.game}"]`).click();
    await page.locator('.board-page[data-game]').waitFor();
    expect(await page.locator('.online').textContent()).toBe('recorded');
    expect(await moveList(page)).toEqual(state.movesJapanese);
    expect(await page.locator('.result').textContent()).toMatch(/ wins by resignation$/);
    expect(await page.locator('.control-panel').isHidden()).toBe(true); // a record is not commanded
    await page.locator('button.first').click();
    expect(await page.locator('.board-svg [data-piece-square]').count()).toBe(40);
    expect(await pieceAt(page, '7g')).toBe('歩');
    await page.locator('button.forward').click();
    expect(await pieceAt(page, '7f')).toBe('歩');
    const archivedKif = await page.evaluate(async () => {
      const link = [...document.querySelectorAll('.downloads a')].find((a) => a.textContent === 'KIF (Shift_JIS)') as HTMLAnchorElement;
      return { href: link.getAttribute('href'), text: new TextDecoder('shift_jis').decode(await (await fetch(link.href)).arrayBuffer()) };
    });
    expect(archivedKif.href).toBe(`games/${state.game}.kif`);
    expect(archivedKif.text).toContain('投了');
    await page.goto(english(daemon.dashboardUrl)); // back to the live board for the next tests
    await shows(page, state.seq);
  });

  it('speaks Japanese unless asked, results in a record\'s words, and switches to English and back', async () => {
    const ended = await watcher.state(board, (s) => s.result !== null);
    const { page: ja, errors: jaErrors } = await open(daemon.dashboardUrl);
    await shows(ja, ended.seq);
    expect(await ja.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await ja.locator('#connection').textContent()).toBe('接続');
    expect(await ja.locator('button.live').textContent()).toBe('最新');
    expect(await ja.locator('.result').textContent()).toBe(`まで${ended.moves.length}手で後手の勝ち`);
    expect(await ja.locator('.sim-buttons button[data-verb="resign"]').textContent()).toBe('投了');
    expect(await ja.locator('.arbiter-buttons button[data-verb="resign"][data-side="white"]').textContent()).toBe('☖ 投了');
    await ja.locator('#language').click();
    expect(await ja.locator('#language').textContent()).toBe('日本語');
    expect(await ja.locator('#connection').textContent()).toBe('connected');
    expect(await ja.locator('.result').textContent()).toMatch(/ wins by resignation$/);
    expect(ja.url()).toContain('lang=en');
    await ja.goto(daemon.dashboardUrl); // no lang in the URL: the page remembers the choice
    await shows(ja, ended.seq);
    expect(await ja.locator('button.live').textContent()).toBe('live');
    await ja.locator('#language').click();
    expect(await ja.locator('button.live').textContent()).toBe('最新');
    expect(jaErrors).toEqual([]);
    await ja.close();
  });

  it('fits a phone\'s width, and the large mode gives a projector the board alone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(daemon.dashboardUrl);
    await phone.locator('.board-page[data-seq]').waitFor();
    const sizes = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      board: document.querySelector('.board-svg svg')!.getBoundingClientRect().width,
    }));
    expect(sizes.page).toBeLessThanOrEqual(390); // no sideways scrolling
    expect(sizes.board).toBeGreaterThan(300); // the board uses the width
    await phone.close();
    await page.locator('#large').click();
    expect(await page.locator('.side-column').isVisible()).toBe(false);
    const board = await page.locator('.board-svg svg').boundingBox();
    expect(board!.height).toBeGreaterThan(0.8 * 900);
    await page.locator('#large').click();
    expect(await page.locator('.side-column').isVisible()).toBe(true);
  });

  it('shows a player name with markup as text', async () => {
    const name = '<img src=x onerror="window.injected=1"><b>Bold</b> & 山田';
    const reply = await watcher.command(board, 'players', { black: { type: 'human', name }, white: { type: 'engine', level: 1 } });
    expect(reply).toMatchObject({ ok: true });
    await page.locator('.control-panel button[data-verb="new-game"]').click();
    const dialog = page.locator('dialog.new-game-dialog');
    expect(await dialog.locator('input[name="black-name"]').inputValue()).toBe(name); // the dialog starts from the board's game
    await dialog.locator('button.start-game').click();
    const state = await watcher.state(board, (s) => JSON.stringify(s.players).includes('Bold') && s.result === null);
    await shows(page, state.seq);
    expect(await page.locator('.near .name').textContent()).toBe(name);
    expect(await page.locator('.player img, .player b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

/** Click a move in USI on the board: the piece (or the komadai piece of a drop), the square, and the promotion. */
async function clickMove(page: Page, usi: string): Promise<void> {
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

describe('the new-game dialog and the arbiter\'s clock, on a simulated board the test plays by clicks', () => {
  let daemon: Daemon;
  let watcher: Watcher;
  const board = 'local/board1';

  beforeAll(async () => {
    // The simulated hands leave the computer's moves to the player, as on a real board: the page must show them.
    daemon = await Daemon.start({ config: 'board:\n  follow-leds: false\n' });
    watcher = await Watcher.connect(daemon.brokerUrl);
  });

  afterAll(async () => {
    await watcher?.close();
    await daemon?.stop();
  });

  /** Wait until the computer's move is on the page, drawn as the LEDs show it, and return it. */
  async function computerMoveShown(page: Page, plies: number): Promise<string> {
    const state = await watcher.state(board, (s) => s.moves.length === plies && typeof s.engineMove === 'string', 30_000);
    await shows(page, state.seq);
    const usi = state.engineMove as string;
    expect(await page.locator(`.board-svg rect.engine-to[data-square="${usi.slice(2, 4)}"]`).count()).toBe(1);
    expect(await page.locator('.status').textContent()).toContain(`コンピュータの手: ${state.engineMoveJapanese}`);
    return usi;
  }

  it('sets up a handicap game with a clock and names, plays it by clicks, takes back and recovers, and the arbiter decides it',
    async () => {
      const { page, errors } = await open(daemon.dashboardUrl);
      await shows(page, (await watcher.state(board)).seq);
      await page.locator('.arbiter-buttons button[data-verb="new-game"]').click();
      const dialog = page.locator('dialog.new-game-dialog');
      await dialog.waitFor();
      await dialog.locator('select[name="handicap"]').selectOption('two-pieces');
      expect(await dialog.locator('fieldset[data-side="black"] legend').textContent()).toBe('☗ 下手');
      expect(await dialog.locator('fieldset[data-side="white"] legend').textContent()).toBe('☖ 上手');
      await dialog.locator('select[name="black-type"]').selectOption('human');
      await dialog.locator('input[name="black-name"]').fill('花子');
      await dialog.locator('select[name="white-type"]').selectOption('engine');
      await dialog.locator('select[name="white-level"]').selectOption('1');
      expect(await dialog.locator('input[name="white-name"]').isVisible()).toBe(false); // a level, not a name
      await dialog.locator('select[name="preset"]').selectOption('custom');
      expect(await dialog.locator('input[name="byoyomi"]').isVisible()).toBe(true);
      await dialog.locator('select[name="preset"]').selectOption('10+30');
      expect(await dialog.locator('.custom-time').isVisible()).toBe(false); // a preset needs no times typed
      await dialog.locator('button.start-game').click();
      await page.locator('.panel-message', { hasText: '新しい対局を始めました。' }).waitFor();

      const set = await watcher.state(board, (s) => (s.players as { black: { name: string } }).black.name === '花子');
      expect(set.startSfen).toBe('lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
      expect((set.clock as { timeControl: unknown }).timeControl).toEqual({ mainMillis: 600_000, byoyomiMillis: 30_000, incrementMillis: 0 });
      expect((set.players as { white: { type: string; level: number } }).white).toMatchObject({ type: 'engine', level: 1 });
      await shows(page, set.seq);
      expect(await page.locator('.near .name').textContent()).toBe('花子');
      expect(await page.locator('.near .clock').textContent()).toBe('10:00 秒読み30秒');

      // 上手, the computer, moves first: its move stays drawn until the player carries it out on the board.
      const first = await computerMoveShown(page, 0);
      await sleep(1_500);
      expect(await page.locator(`.board-svg rect.engine-to[data-square="${first.slice(2, 4)}"]`).count()).toBe(1);
      await clickMove(page, first);
      const carried = await watcher.state(board, (s) => s.moves.length === 1 && s.engineMove === null);
      await shows(page, carried.seq);
      expect(await page.locator('.board-svg rect.engine-to').count()).toBe(0);
      await clickMove(page, '7g7f');
      await clickMove(page, await computerMoveShown(page, 2));
      const three = await watcher.state(board, (s) => s.moves.length === 3 && s.engineMove === null);
      expect(three.moves[1]).toBe('7g7f');

      // 待った: the person's move and the computer's before it are taken back; the hands put the pieces back.
      await page.locator('.arbiter-buttons button[data-verb="takeback"]').click();
      const back = await watcher.state(board, (s) => s.moves.length === 1 && s.seq > three.seq);
      await shows(page, back.seq);
      expect(await moveList(page)).toHaveLength(1);
      await clickMove(page, '2g2f');
      await clickMove(page, await computerMoveShown(page, 2));
      const recovered = await watcher.state(board, (s) => s.moves.length === 3 && s.engineMove === null && s.seq > back.seq);
      expect(recovered.moves[1]).toBe('2g2f');

      // The arbiter pauses the clock, sets 下手's time, starts it again, then declares the result.
      await page.locator('.clock-buttons button[data-clock="pause"]').click();
      const paused = await watcher.state(board, (s) => (s.clock as { paused: string | null }).paused === 'black');
      await shows(page, paused.seq);
      expect(await page.locator('.near .clock').textContent()).toContain('(停止中)');
      await page.locator('.clock-buttons .clock-side').selectOption('black');
      await page.locator('.clock-buttons .clock-time').fill('5:00');
      await page.locator('.clock-buttons button[data-clock="set"]').click();
      await watcher.state(board, (s) => (s.clock as { black: number }).black === 300_000);
      await page.locator('.near .clock', { hasText: '5:00' }).waitFor();
      await page.locator('.clock-buttons button[data-clock="start"]').click();
      await watcher.state(board, (s) => (s.clock as { running: string | null }).running === 'black');
      await page.locator('.result-buttons .result-winner').selectOption('white');
      await page.locator('.result-buttons .result-reason').selectOption('time-forfeit');
      await page.locator('.result-buttons button[data-result]').click();
      const ended = await watcher.state(board, (s) => s.result !== null);
      expect(ended.result).toMatchObject({ winner: 'white', reason: 'time_forfeit' });
      await shows(page, ended.seq);
      expect(await page.locator('.result').textContent()).toBe('まで3手で時間切れにより上手の勝ち');
      expect(errors).toEqual([]);
      await page.close();
    });

  it('draws a correction on the square and the komadai concerned, with the steps in a player\'s words', async () => {
    const { page, errors } = await open(daemon.dashboardUrl);
    expect(await watcher.command(board, 'new-game', { time: {} })).toMatchObject({ ok: true });
    const fresh = await watcher.state(board, (s) => s.result === null && s.moves.length === 0);
    await shows(page, fresh.seq);
    await watcher.command(board, 'sim', { action: 'place', square: '5e' });
    await watcher.command(board, 'sim', { action: 'put', side: 'black', piece: 'P' });
    const wrong = await watcher.state(board, (s) => (s.boardStatus as { status: string }).status === 'correction-needed', 30_000);
    expect(wrong.boardStatus).toMatchObject({ squares: ['5e'], komadai: ['black:P'] });
    await shows(page, wrong.seq);
    expect(await page.locator('.board-svg rect.correction[data-square="5e"]').count()).toBe(1);
    expect(await page.locator('.board-svg .komadai.black.correction').count()).toBe(1);
    expect(await page.locator('.status').textContent()).toBe('盤を直してください: ５五の駒を盤から取る、先手の駒台から歩を1枚取る');
    // Issue 82: the player fixes it from the page: a click on the stray piece's square lifts it, and 盤を合わせる
    // sets the rest (the komadai) as the game stands.
    await page.locator('.board-svg rect[data-square="5e"]').click();
    await watcher.state(board, (s) => !((s.boardStatus as { squares: string[] }).squares.includes('5e')) && s.seq > wrong.seq, 30_000);
    await page.locator('.sim-buttons button[data-verb="sim-set-up"]').click();
    const fixed = await watcher.state(board, (s) => (s.boardStatus as { status: string }).status === 'matched' && s.seq > wrong.seq);
    await shows(page, fixed.seq);
    expect(await page.locator('.board-svg .correction').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('every set-up the new-game dialog offers, played by clicks at a quick player\'s pace (issue 82)', () => {
  let daemon: Daemon;
  let watcher: Watcher;
  const board = 'local/board1';

  beforeAll(async () => {
    // The simulated hands carry out the computer's moves (the default), so clicks come while the hands are at work.
    daemon = await Daemon.start();
    watcher = await Watcher.connect(daemon.brokerUrl);
  });

  afterAll(async () => {
    await watcher?.close();
    await daemon?.stop();
  });

  // Each handicap and the even game; the person on each side in turn; each kind of time control in turn. Every game
  // after the first is started in the middle of the one before, while the computer thinks or its move is carried out.
  const handicaps = ['', 'lance', 'right-lance', 'bishop', 'rook', 'rook-lance', 'two-pieces', 'three-pieces', 'four-pieces',
    'five-pieces', 'left-five-pieces', 'six-pieces', 'left-seven-pieces', 'right-seven-pieces', 'eight-pieces', 'ten-pieces'];
  const times = ['none', '10+30', '30s', '5+10f'];
  const pawnPushes = { black: ['7g7f', '2g2f'], white: ['3c3d', '8c8d'] };

  it('plays every handicap from either side with every kind of clock, a new game started in the middle of each', async () => {
    const { page, errors } = await open(daemon.dashboardUrl);
    await shows(page, (await watcher.state(board)).seq);
    for (let i = 0; i < handicaps.length; i++) {
      const person: 'black' | 'white' = i % 2 === 0 ? 'black' : 'white';
      const computer = person === 'black' ? 'white' : 'black';
      const time = times[i % times.length];
      const before = (await watcher.state(board)).game;
      await page.locator('.arbiter-buttons button[data-verb="new-game"]').click();
      const dialog = page.locator('dialog.new-game-dialog');
      await dialog.waitFor();
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
      const set = await watcher.state(board, (s) => s.game !== before && s.result === null); // the computer may have moved
      const label = `${handicaps[i] || 'even'}, the person ${person}, clock ${time}`;
      const mine = pawnPushes[person];
      for (const usi of mine) {
        // The person's turn as soon as the page shows it: the computer's move carried out by the hands, if it had one.
        const turn = await watcher.state(board, (s) => s.game === set.game && s.sideToMove === person && s.engineMove === null
          && (s.boardStatus as { status: string }).status === 'matched', 30_000);
        await shows(page, turn.seq);
        await clickMove(page, usi);
        const made = await watcher.state(board, (s) => s.game === set.game && s.moves.includes(usi), 20_000)
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
        await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toMatch(/^秒読み \d+$/);
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
    const games = join(daemon.dataDir, 'games');
    const count = () => (existsSync(games) ? readdirSync(games).filter((f) => f.endsWith('.kifu')).length : 0);
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThanOrEqual(handicaps.length - 1);
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

describe('a broker that asks for an account: the page signs in, and only then shows the arbiter\'s panel', () => {
  let daemon: Daemon;

  beforeAll(async () => {
    daemon = await Daemon.start({ config: 'broker:\n  username: arbiter\n  password: s3cret\n' });
  });

  afterAll(async () => {
    await daemon?.stop();
  });

  it('asks for the account, connects with it and commands the board', async () => {
    const { page, errors } = await open(daemon.dashboardUrl);
    await page.locator('form.sign-in').waitFor();
    expect(await page.locator('.control-panel').count()).toBe(0);
    await page.locator('form.sign-in input[name="user"]').fill('arbiter');
    await page.locator('form.sign-in input[name="pass"]').fill('s3cret');
    await page.locator('form.sign-in button').click();
    await page.locator('.board-page[data-seq]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#connection').textContent()).toBe('接続');
    await page.locator('.arbiter-buttons button[data-verb="resign"][data-side="black"]').click();
    await page.locator('.result', { hasText: 'まで0手で後手の勝ち' }).waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a board on the board protocol (emulate-board over TCP): the arbiter\'s panel', () => {
  let emulator: EmulatedBoard;
  let daemon: Daemon;
  let watcher: Watcher;

  beforeAll(async () => {
    emulator = await EmulatedBoard.start();
    daemon = await Daemon.start({ config: `board:\n  source: tcp\n  address: ${emulator.address}\n` });
    watcher = await Watcher.connect(daemon.brokerUrl);
  });

  afterAll(async () => {
    await watcher?.close();
    await daemon?.stop();
    await emulator?.stop();
  });

  it('resigns for a side as arbiter, in the page\'s Japanese, with no simulated play', async () => {
    const board = 'local/board1';
    const { page, errors } = await open(daemon.dashboardUrl);
    const start = await watcher.state(board);
    await shows(page, start.seq);
    expect(await page.locator('.control-panel > h2').textContent()).toBe('審判');
    expect(await page.locator('.control-panel .sim-buttons').count()).toBe(0); // a real board is played by hand
    await page.locator('.arbiter-buttons button[data-verb="resign"][data-side="white"]').click();
    const ended = await watcher.state(board, (s) => s.result !== null);
    expect(ended.result).toMatchObject({ winner: 'black', reason: 'resignation' });
    await shows(page, ended.seq);
    expect(await page.locator('.result').textContent()).toBe('まで0手で先手の勝ち');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a club: three boards on a Mosquitto, watched through its WebSocket listener', () => {
  let broker: Mosquitto;
  const daemons: Daemon[] = [];
  let watcher: Watcher;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    broker = await Mosquitto.start(scratchDirectory('mosquitto'));
    const club = (board: string, args: string) => Daemon.club(broker, 'club', board, args.split(' '));
    // board1 plays itself, game after game, so it goes on while the broker is down.
    daemons.push(...await Promise.all([
      club('board1', '--demo --sente engine:1 --gote engine:1'),
      club('board2', '--sente human --gote human'),
      club('board3', '--sente human --gote human --variant okisaki'),
    ]));
    watcher = await Watcher.connect(broker.tcpUrl);
    await Promise.all(['board1', 'board2', 'board3'].map((b) => watcher.state(`club/${b}`)));
  });

  afterAll(async () => {
    await page?.close();
    await watcher?.close();
    await Promise.all(daemons.map((d) => d.stop()));
    await broker?.stop();
  });

  it('shows every board of the event as a live miniature, and a click opens one', async () => {
    expect(await watcher.command('club/board2', 'sim', { action: 'play', usi: '2g2f' })).toMatchObject({ ok: true });
    await watcher.state('club/board2', (s) => s.moves.length === 1);
    ({ page, errors } = await open(english(`${daemons[1].dashboardUrl}#/event/club`)));
    const cards = page.locator('.event-page .mini');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    expect(await cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')).sort())).toEqual(['board1', 'board2', 'board3']);
    await expect.poll(() => page.locator('.mini[data-board="board2"] .mini-head').textContent()).toBe('board2 · move 1');
    expect(await page.locator('.mini[data-board="board3"] svg.board-10x10').count()).toBe(1);
    expect(await page.locator('.mini[data-board="board2"] [data-piece-square="2f"]').textContent()).toBe('歩');
    await page.locator('.mini[data-board="board2"]').click();
    await page.locator('.board-page .title').filter({ hasText: 'club / board2' }).waitFor();
    expect(await pieceAt(page, '2f')).toBe('歩');
    expect(errors).toEqual([]);
  });

  it('says at start-up when a board on an external broker gives its page no WebSocket to use', async () => {
    const lonely = await Daemon.start({ args: ['--broker', broker.tcpUrl, '--event', 'other', '--board', 'lonely'] });
    try {
      await expect.poll(() => lonely.output.join('\n'), { timeout: 15_000 }).toContain('No broker for the dashboard.');
      expect(daemons[1].output.join('\n')).not.toContain('No broker for the dashboard.'); // --dashboard-broker given
    } finally {
      await lonely.stop();
    }
  });

  it('recovers the live state after the broker restarts', async () => {
    const board = 'club/board1';
    await page.goto(english(`${daemons[0].dashboardUrl}#/board/${board}`));
    const before = await watcher.state(board);
    await shows(page, before.seq);
    await broker.stop();
    await page.locator('#connection').filter({ hasNotText: /^connected$/ }).waitFor({ timeout: 15_000 });
    await sleep(3_000); // board1's game goes on: moves are made and journaled while nobody can see them
    await broker.restart();
    await page.locator('#connection').filter({ hasText: /^connected$/ }).waitFor({ timeout: 30_000 });
    // The daemon republishes its newest state (the restarted broker kept nothing); the page shows it and follows on.
    const after = await watcher.state(board, (s) => s.seq > before.seq + 2, 60_000);
    await shows(page, after.seq);
    const shown = await page.evaluate(() => ({
      seq: Number(document.querySelector('.board-page')!.getAttribute('data-seq')),
      moves: [...document.querySelectorAll('.moves li')].map((li) => li.textContent),
    }));
    expect(shown.moves).toEqual(watcher.seen.get(`${board}#${shown.seq}`)?.movesJapanese);
    await page.locator('.online.online').waitFor();
    expect(errors).toEqual([]);
});
});

describe('an event hub over three boards: its page, the standings and the archive', () => {
  let broker: Mosquitto;
  const daemons: Daemon[] = [];
  let hub: Hub;
  let watcher: Watcher;

  beforeAll(async () => {
    broker = await Mosquitto.start(scratchDirectory('mosquitto'));
    const names = (sente: string, gote: string) => `players:\n  sente: {type: human, name: ${sente}}\n  gote: {type: human, name: ${gote}}\n`;
    daemons.push(...await Promise.all([
      Daemon.club(broker, 'open', 'b1', [], names('山田', '佐藤')),
      Daemon.club(broker, 'open', 'b2', [], names('田中', '鈴木') + 'clock:\n  main-seconds: 1800\n  byoyomi-seconds: 60\n'),
      Daemon.club(broker, 'open', 'b3', ['--sente', 'human', '--gote', 'human']), // no names: the arbiter gives them
    ]));
    watcher = await Watcher.connect(broker.tcpUrl);
    await Promise.all(['b1', 'b2', 'b3'].map((b) => watcher.state(`open/${b}`)));
    hub = await Hub.start(broker, 'open', ['--title', '十一月例会'],
      [testRecord('jt201409130101.kif'), testRecord('ai-an-vs-kifuwarabe-20210503.kifu')]);
  });

  afterAll(async () => {
    await hub?.stop();
    await watcher?.close();
    await Promise.all(daemons.map((d) => d.stop()));
    await broker?.stop();
  });

  it('shows the boards by number with the players\' names and results, the standings, and finds a game in the archive', async () => {
    await watcher.play('open/b1', '7g7f');
    await watcher.play('open/b2', '2g2f');
    expect(await watcher.command('open/b1', 'resign', { side: 'white' })).toMatchObject({ ok: true });
    const { page, errors } = await open(hub.pageUrl);
    await page.locator('.event-page h1.title').filter({ hasText: '十一月例会' }).waitFor();
    const cards = page.locator('.event-page .mini');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')))).toEqual(['b1', 'b2', 'b3']);
    await expect.poll(() => page.locator('.mini[data-board="b1"] .mini-head').textContent()).toBe('第1盤 (b1) · 第1回戦 · 1手');
    expect(await page.locator('.mini[data-board="b1"] .mini-players').textContent()).toContain('山田');
    expect(await page.locator('.mini[data-board="b1"] .mini-result').textContent()).toBe('まで1手で先手の勝ち');
    await page.locator('.standings td').filter({ hasText: '山田' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.standings tbody tr').first().textContent()).toBe('1山田11-0-0');
    await page.locator('#archive-link').click();
    await page.locator('.archive-page input[name="player"]').fill('山田');
    await page.locator('.archive-page button').click();
    await page.locator('.archive-page .games li').filter({ hasText: '☗山田 ☖佐藤' }).waitFor();
    await page.locator('.archive-page .games li a').first().click();
    await page.locator('.board-page[data-game] .result:not(:empty)').waitFor();
    expect(await page.locator('.board-page .result').textContent()).toBe('まで1手で先手の勝ち');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists and opens imported games by their event, day and players, every move number in view (issue 82)', async () => {
    const { page, errors } = await open(`${hub.pageUrl}#/archive`);
    await page.locator('.archive-page button').click();
    const jt = page.locator('.archive-page .games li').filter({ hasText: '渡辺明' });
    await jt.waitFor({ timeout: 15_000 });
    expect(await jt.locator('a').first().textContent()).toMatch(/^2014-09-13 第３５回将棋日本シリーズ.*: ☗渡辺明 ☖/);
    const bare = page.locator('.archive-page .games li').filter({ hasText: 'Kifuwarabe' });
    expect(await bare.locator('a').first().textContent()).toBe('☗AI_AN_shogi_ver1 ☖Kifuwarabe'); // no event, no date
    await jt.locator('a').first().click();
    await page.locator('.board-page[data-game] .result:not(:empty)').waitFor();
    expect(await page.locator('.board-page .title').textContent()).toMatch(/^第３５回将棋日本シリーズ.* 2014-09-13 ▲渡辺明 △\S+$/);
    // The list's numbers on a phone: move 100's number, its list scrolled to put it first in view, is inside the
    // list's box. It was drawn outside its item and cut off at the list's left edge ("00."), where no script can
    // measure it: so the number must be inside its item, and the item inside the list.
    await page.setViewportSize({ width: 390, height: 844 });
    const hundredth = await page.locator('.moves').evaluate((list) => {
      const items = list.querySelectorAll('li');
      const item = items[99] as HTMLElement;
      item.scrollIntoView({ inline: 'start', block: 'nearest' });
      return { items: items.length, inside: getComputedStyle(item).listStylePosition === 'inside',
        left: item.getBoundingClientRect().left - list.getBoundingClientRect().left };
    });
    expect(hundredth.items).toBeGreaterThanOrEqual(100);
    expect(hundredth.inside, 'the move number is drawn inside its item').toBe(true);
    expect(hundredth.left).toBeGreaterThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves one board as an embed and as an OBS overlay, each following the public feed by deltas (issue 88)', async () => {
    const embed = await open(`${hub.pageUrl}embed/open/b2`);
    const stateFetches: string[] = [];
    embed.page.on('request', (r) => { if (r.url().includes('/state/')) stateFetches.push(r.url()); });
    await embed.page.locator('.embed-board .embed-svg svg.board').waitFor({ timeout: 15_000 });
    expect(await embed.page.locator('header.top').count(), 'no header in a frame').toBe(0);
    expect(new URL(embed.page.url()).searchParams.get('view')).toBe('embed');
    await expect.poll(() => embed.page.locator('.embed-player.black .name').textContent(), { timeout: 15_000 }).toContain('田中');
    const joined = stateFetches.length;
    expect(joined, 'joined with one whole state').toBeLessThanOrEqual(1);
    const overlay = await open(`${hub.pageUrl}overlay/open/b2`);
    await overlay.page.locator('.overlay-bar .overlay-player.white .name').filter({ hasText: '鈴木' }).waitFor({ timeout: 15_000 });
    // Two moves on the board: the frame and the overlay show them, from the deltas alone (no state fetched again).
    const before = Number((await embed.page.locator('.embed-last').textContent())!.match(/^(\d+)手目/)?.[1] ?? 0);
    for (const usi of before % 2 === 1 ? ['8c8d', '2f2e'] : ['7g7f', '8c8d']) {
      await watcher.play('open/b2', usi);
    }
    const shown = `${before + 2}手目 `;
    await expect.poll(() => embed.page.locator('.embed-last').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^${shown}[▲△]`));
    await expect.poll(() => overlay.page.locator('.overlay-last').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^${shown}`));
    expect(stateFetches.length, 'the moves came as deltas').toBe(joined);
    const marked = await embed.page.locator('svg.board .last-move').count();
    expect(marked, 'the last move is marked on the board').toBeGreaterThan(0);
    // The overlay is transparent, its clocks large, its bar Sente's chances (even without an engine's analysis).
    expect(await overlay.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    const clockSize = await overlay.page.locator('.overlay-player.black .clock').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(clockSize).toBeGreaterThanOrEqual(40);
    expect(await overlay.page.locator('.overlay-player.black .clock').textContent()).toMatch(/^\d+:\d\d/);
    expect(await overlay.page.locator('.overlay-eval').getAttribute('data-percent')).toBe('50.0');
    // A club's own site (another site: localhost, not 127.0.0.1) holds the embed in an iframe of its own size. This
    // browser refuses a third-party frame its storage, and the page, which read it first thing, drew nothing.
    const site = createServer((_, reply) => {
      reply.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      reply.end(`<h1>例会の中継</h1><iframe src="${hub.pageUrl}embed/open/b2" style="width:360px;height:480px;border:0"></iframe>`);
    });
    await new Promise<void>((done) => site.listen(0, 'localhost', done));
    const club = await open(`http://localhost:${(site.address() as AddressInfo).port}/`);
    const frame = club.page.frameLocator('iframe');
    await frame.locator('.embed-last').filter({ hasText: shown }).waitFor({ timeout: 15_000 });
    const width = await frame.locator('.embed-svg svg.board').evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(300);
    expect(width).toBeLessThanOrEqual(360);
    await embed.page.setViewportSize({ width: 420, height: 560 });
    await embed.page.screenshot({ path: join(scratchDirectory('embed'), 'embed.png') });
    await overlay.page.setViewportSize({ width: 1280, height: 160 });
    await overlay.page.screenshot({ path: join(scratchDirectory('embed'), 'overlay.png'), omitBackground: true });
    expect([...embed.errors, ...overlay.errors, ...club.errors]).toEqual([]);
    await Promise.all([embed.page.close(), overlay.page.close(), club.page.close()]);
    site.close();
  });

  it('lets a signed-in arbiter set the round and name a board\'s players', async () => {
    const { page, errors } = await open(`${hub.pageUrl}?user=arbiter&pass=secret`);
    const row = page.locator('.hub-edit tr[data-board="b3"]');
    await row.waitFor({ timeout: 15_000 });
    // The rows come from the index over HTTP; an edit goes over MQTT: saved before the page has connected, it is
    // answered "Not connected." (a fresh clone's run once clicked that soon)
    await page.locator('#connection.connected').waitFor({ timeout: 15_000 });
    await row.locator('input[name="sente"]').fill('高橋');
    await row.locator('input[name="gote"]').fill('伊藤');
    await row.locator('button').click();
    await page.locator('.hub-edit .edit-answer').filter({ hasText: '保存しました。' }).waitFor();
    await expect.poll(() => page.locator('.mini[data-board="b3"] .mini-players').textContent(), { timeout: 15_000 })
      .toContain('高橋');
    await page.locator('.round-form input[name="round"]').fill('2');
    await page.locator('.round-form button').click();
    await page.locator('.event-page .round').filter({ hasText: '第2回戦' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a team match, 3 boards of Kyoto against 3 of Osaka, board against board (issue 87): scored on the event page', () => {
  let broker: Mosquitto;
  const daemons: Daemon[] = [];
  let hub: Hub;
  let watcher: Watcher;

  beforeAll(async () => {
    broker = await Mosquitto.start(scratchDirectory('mosquitto'));
    const host = (n: number, sente: string, gote: string) => `board: {follow-leds: true}\nplayers:\n`
      + `  sente: {type: human, name: ${sente}}\n  gote: {type: board, board: osaka${n}, name: ${gote}}\n`;
    const guest = (n: number, gote: string) => `board: {follow-leds: true}\nplayers:\n`
      + `  sente: {type: board, board: kyoto${n}}\n  gote: {type: human, name: ${gote}}\n`;
    const pairs = [['羽生', '佐藤'], ['谷川', '森内'], ['丸山', '郷田']];
    daemons.push(...await Promise.all(pairs.flatMap(([sente, gote], i) => [
      Daemon.club(broker, 'match', `kyoto${i + 1}`, [], host(i + 1, sente, gote)),
      Daemon.club(broker, 'match', `osaka${i + 1}`, [], guest(i + 1, gote)),
    ])));
    watcher = await Watcher.connect(broker.tcpUrl);
    await Promise.all([1, 2, 3].map((n) => watcher.state(`match/osaka${n}`, (s) => s.game.endsWith(`-kyoto${n}-osaka${n}`))));
    const pairings = join(scratchDirectory('pairings'), 'match.csv');
    writeFileSync(pairings, 'round,board,sente,gote,sente-team,gote-team\n'
      + pairs.map(([sente, gote], i) => `1,kyoto${i + 1},${sente},${gote},京都,大阪`).join('\n') + '\n');
    hub = await Hub.start(broker, 'match', ['--title', '京都・大阪 対抗戦', '--pairings', pairings]);
  });

  afterAll(async () => {
    await hub?.stop();
    await watcher?.close();
    await Promise.all(daemons.map((d) => d.stop()));
    await broker?.stop();
  });

  it('plays three games across the boards, shows each once, and scores the match 京都 2勝1敗 大阪', async () => {
    // Each host's move is carried out on its guest's board, and the guest's on the host's.
    for (const n of [1, 2, 3]) {
      await watcher.play(`match/kyoto${n}`, '7g7f');
      await watcher.state(`match/osaka${n}`, (s) => s.moves.length === 1 && s.engineMove === null);
      await watcher.play(`match/osaka${n}`, '3c3d');
      await watcher.state(`match/kyoto${n}`, (s) => s.moves.length === 2 && s.engineMove === null);
    }
    // Board 1: Osaka's player resigns at the guest's board; board 2: Kyoto's at the host's; board 3: Osaka's again.
    await watcher.play('match/kyoto1', '2g2f');
    await watcher.state('match/osaka1', (s) => s.moves.length === 3 && s.engineMove === null);
    expect(await watcher.command('match/osaka1', 'resign', { side: 'white' })).toMatchObject({ ok: true });
    expect(await watcher.command('match/kyoto2', 'resign', { side: 'black' })).toMatchObject({ ok: true });
    await watcher.play('match/kyoto3', '2g2f');
    await watcher.state('match/osaka3', (s) => s.moves.length === 3 && s.engineMove === null);
    expect(await watcher.command('match/osaka3', 'resign', { side: 'white' })).toMatchObject({ ok: true });
    for (const [n, winner] of [[1, 'black'], [2, 'white'], [3, 'black']] as const) {
      await watcher.state(`match/kyoto${n}`, (s) => s.result?.winner === winner);
      await watcher.state(`match/osaka${n}`, (s) => s.result?.winner === winner); // the same end on both boards
    }

    const { page, errors } = await open(hub.pageUrl);
    await page.locator('.event-page h1.title').filter({ hasText: '京都・大阪 対抗戦' }).waitFor();
    await page.locator('.event-page .match').filter({ hasText: '団体戦 京都 2勝1敗 大阪' }).waitFor({ timeout: 15_000 });
    const cards = page.locator('.event-page .mini');
    // the hosts' boards only (in the order the hub first heard them): a guest's board mirrors its host's game
    await expect.poll(() => cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')).sort()), { timeout: 15_000 })
      .toEqual(['kyoto1', 'kyoto2', 'kyoto3']);
    expect(await page.locator('.mini[data-board="kyoto1"] .mini-players').textContent()).toContain('佐藤 (遠隔の盤)');
    expect(await page.locator('.mini[data-board="kyoto2"] .mini-result').textContent()).toContain('後手の勝ち');
    await page.screenshot({ path: join(scratchDirectory('match'), 'team-match.png') });
    expect(errors).toEqual([]);
    await page.close();
    const english = await open(`${hub.pageUrl}?lang=en`);
    await english.page.locator('.event-page .match').filter({ hasText: 'Team match: 京都 2 won, 1 lost against 大阪' })
      .waitFor({ timeout: 15_000 });
    await english.page.close();
  });
});

describe('a game reviewed after it ends (issue 86): its records read by tsshogi, its mistakes on the page', () => {
  let daemon: Daemon;
  let watcher: Watcher;
  const board = 'local/board1';
  /** Black leaves the rook where the bishop on 3c takes it (move 9), and resigns after the recapture. */
  const game = ['7g7f', '3c3d', '2g2f', '4c4d', '2f2e', '2b3c', '2e2d', '2c2d', '2h2d', '3c2d'];

  beforeAll(async () => {
    daemon = await Daemon.start({ config: 'players:\n  gote: {type: human}\nreview:\n  nodes: 20000\n' });
    watcher = await Watcher.connect(daemon.brokerUrl);
  });

  afterAll(async () => {
    await watcher?.close();
    await daemon?.stop();
  });

  it('comments every move of the KIF in ShogiHome\'s form and of the CSA in floodgate\'s, and the page draws the marks and the better move', async () => {
    await watcher.state(board);
    for (const usi of game) {
      await watcher.play(board, usi);
    }
    expect(await watcher.command(board, 'resign', { side: 'black' })).toMatchObject({ ok: true });
    const ended = await watcher.state(board, (s) => s.result !== null);
    const games = join(daemon.dataDir, 'games');
    const reviewFile = join(games, `${ended.game}.review.json`);
    await expect.poll(() => existsSync(reviewFile), { timeout: 120_000, interval: 500 }).toBe(true);
    const review = JSON.parse(readFileSync(reviewFile, 'utf8')) as { worst: number[]; moves: Array<{ best: string; markJapanese: string }> };

    // An independent reader (tsshogi, ShogiHome's own) finds the review on every move of both files.
    const kif = importKIF(readFileSync(join(games, `${ended.game}.kifu`), 'utf8'));
    const csa = importCSA(readFileSync(join(games, `${ended.game}.csa`), 'utf8'));
    if (kif instanceof Error) throw kif;
    if (csa instanceof Error) throw csa;
    for (const record of [kif, csa]) {
      const moves = record.moves.slice(1).filter((m) => m.move instanceof Move);
      expect(moves.map((m) => (m.move as Move).usi)).toEqual(game);
      for (const m of moves) {
        if (record === kif) { // ShogiHome's own form
          expect(m.comment, `move ${m.ply}`).toMatch(/#評価値=-?\d+|#詰み=/);
          expect(m.comment).toContain('#エンジン=shogi-bridge');
        } else { // floodgate's: '** <evaluation> <line in CSA moves>
          expect(m.comment, `move ${m.ply}`).toMatch(/^\* -?\d+( [+-]\d{4}[A-Z]{2})+$/m);
        }
      }
    }
    expect(kif.moves[9].comment).toContain(`【${review.moves[8].markJapanese}】`);

    // The recorded game on the page: the graph's dots, the list of mistakes, and the better move as an arrow.
    const { page, errors } = await open(english(`${daemon.dashboardUrl}#/game/${ended.game}`));
    await page.locator('.review:not([hidden]) .worst li').first().waitFor();
    expect(await page.locator('.review .summary').textContent()).toMatch(/^\d+ mistakes?\. Move 9, Rx2d; best was /);
    expect(await page.locator('svg.eval-graph circle.mark[data-ply="9"]').count()).toBe(1);
    expect(await page.locator('.moves li[data-ply="9"]').getAttribute('data-mark')).toMatch(/^(mistake|blunder)$/);
    await page.locator('.review .worst li[data-ply="9"]').click();
    await page.locator('.board-page[data-ply="8"]').waitFor();
    expect(await page.locator('.board-svg .hint-arrow').getAttribute('data-hint')).toBe(review.moves[8].best);
    expect(errors).toEqual([]);
    await page.close();
    // In Japanese, as a player opens it (docs/images/review.png is this picture from a run).
    const { page: ja, errors: jaErrors } = await open(`${daemon.dashboardUrl}#/game/${ended.game}`);
    await ja.locator('.review:not([hidden]) .worst li[data-ply="9"]').click();
    expect(await ja.locator('.review h2').textContent()).toBe('検討');
    expect(await ja.locator('.review .summary').textContent()).toMatch(/^悪手は\dつです。9手目 ▲２四飛、最善は ▲/);
    await ja.screenshot({ path: join(scratchDirectory('review'), 'review.png') });
    expect(jaErrors).toEqual([]);
    await ja.close();
  }, 180_000);

  it('turns the tutor on from the arbiter\'s panel, and the state says so', async () => {
    const { page, errors } = await open(english(daemon.dashboardUrl));
    const before = await watcher.state(board);
    await shows(page, before.seq);
    expect(await page.locator('.tutor-switch').isChecked()).toBe(false);
    await page.locator('.tutor-switch').check();
    await watcher.state(board, (s) => (s as unknown as { tutor?: boolean }).tutor === true);
    await page.locator('.tutor-switch:checked').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a tsume chosen on the page (issue 86): set up, solved, and the verdict in the player\'s words', () => {
  let daemon: Daemon;
  let watcher: Watcher;
  const board = 'local/board1';

  beforeAll(async () => {
    daemon = await Daemon.start();
    watcher = await Watcher.connect(daemon.brokerUrl);
  });

  afterAll(async () => {
    await watcher?.close();
    await daemon?.stop();
  });

  it('offers the set with the board\'s progress, says each set-up step, and says 正解 once it is solved', async () => {
    const { page, errors } = await open(daemon.dashboardUrl);
    await shows(page, (await watcher.state(board)).seq);
    await page.locator('.tsume-buttons:not([hidden]) .tsume-choice option[value="3-01"]').waitFor({ state: 'attached' });
    expect(await page.locator('.tsume-choice option').count()).toBe(30);
    expect(await page.locator('.tsume-choice option[value="3-01"]').textContent()).toBe('3-01 3手詰');
    await page.locator('.tsume-choice').selectOption('3-01');
    await page.locator('button[data-tsume]').click();
    await page.locator('.panel-message', { hasText: '3-01（3手詰）を出題しました。' }).waitFor();
    const setUp = await watcher.state(board, (s) => (s as unknown as { tsume?: { setUp: string | null } }).tsume?.setUp != null);
    await page.locator('.status', { hasText: /^詰将棋を並べています: 赤い升の駒をすべて盤から取ってください。$/ }).waitFor();
    // the squares to clear are marked on the page's board as the LEDs light them (the start position's forty)
    await expect.poll(() => page.locator('.board-svg .correction').count()).toBe(40);

    // The simulated hands set the problem up at once (a person follows the LEDs; DaemonTsumeTest does).
    await page.locator('button[data-verb="sim-set-up"]').click();
    const ready = await watcher.state(board, (s) => s.game === setUp.game
      && (s as unknown as { tsume?: { setUp: string | null } }).tsume?.setUp === null);
    await page.locator('.status', { hasText: '詰将棋 3-01（3手詰）: 王手の連続で詰ませてください。' }).waitFor();
    await page.screenshot({ path: join(scratchDirectory('tsume'), 'tsume.png') });

    expect(ready.moves).toEqual([]);
    for (const usi of ['G*4b', '6d4b+']) {
      const played = await watcher.play(board, usi);
      if (played.moves.length < 3) { // the defender answers on the LEDs, and the simulated hands carry it out
        await watcher.state(board, (s) => s.moves.length === played.moves.length + 1);
      }
    }
    const solved = await watcher.state(board, (s) => s.result !== null);
    expect(solved.result).toMatchObject({ winner: 'black', reason: 'checkmate' });
    await page.locator('.status', { hasText: '正解です。' }).waitFor();
    await page.locator('.tsume-choice').focus(); // the progress is read again
    await page.locator('.tsume-choice option[value="3-01"]', { hasText: '3-01 3手詰 ✓' }).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
