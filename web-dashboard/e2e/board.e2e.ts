// The dashboard in a real browser (the system Chromium) against the real daemon (the packaged jar): one board's own
// page on its embedded Moquette, as the README's main command runs it. The event's pages are in event.e2e.ts, every
// set-up of the new-game dialog at a quick player's pace in setups.e2e.ts; the three files run side by side.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page } from 'playwright-core';
import { Daemon, EmulatedBoard, sleep } from './harness';
import { browser, clickMove, english, moveList, open, pieceAt, shows, useBrowser, useDaemon, WAIT } from './browser';

useBrowser();

describe('the daemon\'s own page, on its embedded broker', () => {
  // The voice publishes what the board says (no sound on this machine), for the page's sound.
  const local = useDaemon({ args: ['--gote', 'engine:1'], config: 'voice:\n  enabled: true\n  output: none\n' });
  let page: Page;
  let errors: string[];
  const board = 'local/board1';

  beforeAll(async () => {
    ({ page, errors } = await open(english(local.daemon.dashboardUrl)));
  });

  afterAll(async () => {
    await page?.close();
  });

  it('shows the start position, the players and that the board is online', async () => {
    const state = await local.watcher.state(board);
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
    const before = await local.watcher.state(board);
    expect(await local.watcher.command(board, 'sim', { action: 'play', usi: '7g7f' })).toMatchObject({ ok: true });
    const moved = await local.watcher.state(board, (s) => s.moves.length === 1);
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
    const answered = await local.watcher.state(board, (s) => s.moves.length === 2 && s.seq > before.seq);
    await shows(page, answered.seq);
    const list = await moveList(page);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatch(/^△/);
    expect(errors).toEqual([]);
  });

  it('says the computer\'s move with the browser\'s speech once the sound is on', async () => {
    const { page: listening, errors: soundErrors } = await open(english(local.daemon.dashboardUrl));
    await listening.evaluate(() => {
      const spoken: string[] = [];
      (window as unknown as { spoken: string[] }).spoken = spoken;
      speechSynthesis.speak = (u: SpeechSynthesisUtterance) => { spoken.push(`${u.lang} ${u.text}`); };
    });
    const before = await local.watcher.state(board, (s) => s.moves.length % 2 === 0);
    await shows(listening, before.seq);
    expect(await listening.locator('button.sound').getAttribute('aria-pressed')).toBe('false');
    await listening.locator('button.sound').click();
    expect(await listening.locator('button.sound').getAttribute('aria-pressed')).toBe('true');
    expect(await local.watcher.command(board, 'sim', { action: 'play', usi: '2g2f' })).toMatchObject({ ok: true });
    const answered = await local.watcher.state(board, (s) => s.moves.length === before.moves.length + 2, 30_000);
    const said = `ja-JP ${answered.movesJapanese[answered.moves.length - 1].slice(1)}`;
    await listening.waitForFunction((text) => (window as unknown as { spoken: string[] }).spoken.includes(text), said,
      { timeout: WAIT });
    expect(soundErrors).toEqual([]);
    await listening.close();
  });

  it('plays a game by clicking in the control panel: hinted moves, each answered by the engine, then resigns', async () => {
    for (let turn = 0; turn < 3; turn++) {
      const before = await local.watcher.state(board, (s) => s.moves.length % 2 === 0);
      await shows(page, before.seq);
      await page.locator('.control-panel button[data-verb="hint"]').click();
      const message = page.locator('.panel-message[data-hint]');
      const hint = await message.textContent({ timeout: WAIT });
      expect(hint).toMatch(/^Hint: [▲△][０-９１][一二三四五六七八九同]/); // named in Japanese notation, never USI
      const usi = (await message.getAttribute('data-hint'))!;
      expect(await page.locator(`.board-svg line.hint-arrow[data-hint="${usi}"]`).count()).toBe(1); // drawn on the board
      await clickMove(page, usi);
      const answered = await local.watcher.state(board, (s) => s.moves.length === before.moves.length + 2, 30_000);
      expect(answered.moves[before.moves.length]).toBe(usi);
      await shows(page, answered.seq);
      expect(await moveList(page)).toHaveLength(answered.moves.length);
    }
    await page.locator('.sim-buttons button[data-verb="resign"]').click();
    const ended = await local.watcher.state(board, (s) => s.result !== null);
    await shows(page, ended.seq);
    // The built-in engine by its level in the page's language, whatever name the state gives it.
    const level = (ended.players as { white: { level: number } }).white.level;
    expect(await page.locator('.result').textContent()).toBe(`△ Computer level ${level} wins by resignation`);
    expect(errors).toEqual([]);
  });

  it('steps back through the game and returns to the live position, and downloads the record', async () => {
    const state = await local.watcher.state(board);
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
    await page.goto(english(local.daemon.dashboardUrl)); // back to the live board for the next tests
    await shows(page, state.seq);
  });

  it('speaks Japanese unless asked, results in a record\'s words, and switches to English and back', async () => {
    const ended = await local.watcher.state(board, (s) => s.result !== null);
    const { page: ja, errors: jaErrors } = await open(local.daemon.dashboardUrl);
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
    await ja.goto(local.daemon.dashboardUrl); // no lang in the URL: the page remembers the choice
    await shows(ja, ended.seq);
    expect(await ja.locator('button.live').textContent()).toBe('live');
    await ja.locator('#language').click();
    expect(await ja.locator('button.live').textContent()).toBe('最新');
    expect(jaErrors).toEqual([]);
    await ja.close();
  });

  it('fits a phone\'s width, and the large mode gives a projector the board alone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(WAIT);
    await phone.goto(local.daemon.dashboardUrl);
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
    const reply = await local.watcher.command(board, 'players', { black: { type: 'human', name }, white: { type: 'engine', level: 1 } });
    expect(reply).toMatchObject({ ok: true });
    // The dialog starts from the game the page shows: the state with the new names, once the page has it (the command's
    // answer can reach the test before that state reaches the page: a quiet fresh clone opened the dialog with '').
    await shows(page, (await local.watcher.state(board, (s) => JSON.stringify(s.players).includes('Bold'))).seq);
    await page.locator('.control-panel button[data-verb="new-game"]').click();
    const dialog = page.locator('dialog.new-game-dialog');
    expect(await dialog.locator('input[name="black-name"]').inputValue()).toBe(name); // the dialog starts from the board's game
    await dialog.locator('button.start-game').click();
    const state = await local.watcher.state(board, (s) => JSON.stringify(s.players).includes('Bold') && s.result === null);
    await shows(page, state.seq);
    expect(await page.locator('.near .name').textContent()).toBe(name);
    expect(await page.locator('.player img, .player b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});


describe('the new-game dialog and the arbiter\'s clock, on a simulated board the test plays by clicks', () => {
  // The simulated hands leave the computer's moves to the player, as on a real board: the page must show them.
  const local = useDaemon({ config: 'board:\n  follow-leds: false\n' });
  const board = 'local/board1';

  /** Wait until the computer's move is on the page, drawn as the LEDs show it, and return it. */
  async function computerMoveShown(page: Page, plies: number): Promise<string> {
    const state = await local.watcher.state(board, (s) => s.moves.length === plies && typeof s.engineMove === 'string', 30_000);
    await shows(page, state.seq);
    const usi = state.engineMove as string;
    expect(await page.locator(`.board-svg rect.engine-to[data-square="${usi.slice(2, 4)}"]`).count()).toBe(1);
    expect(await page.locator('.status').textContent()).toContain(`コンピュータの手: ${state.engineMoveJapanese}`);
    return usi;
  }

  it('sets up a handicap game with a clock and names, plays it by clicks, takes back and recovers, and the arbiter decides it',
    async () => {
      const { page, errors } = await open(local.daemon.dashboardUrl);
      await shows(page, (await local.watcher.state(board)).seq);
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

      const set = await local.watcher.state(board, (s) => (s.players as { black: { name: string } }).black.name === '花子');
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
      const carried = await local.watcher.state(board, (s) => s.moves.length === 1 && s.engineMove === null);
      await shows(page, carried.seq);
      expect(await page.locator('.board-svg rect.engine-to').count()).toBe(0);
      await clickMove(page, '7g7f');
      await clickMove(page, await computerMoveShown(page, 2));
      const three = await local.watcher.state(board, (s) => s.moves.length === 3 && s.engineMove === null);
      expect(three.moves[1]).toBe('7g7f');

      // 待った: the person's move and the computer's before it are taken back; the hands put the pieces back.
      await page.locator('.arbiter-buttons button[data-verb="takeback"]').click();
      const back = await local.watcher.state(board, (s) => s.moves.length === 1 && s.seq > three.seq);
      await shows(page, back.seq);
      expect(await moveList(page)).toHaveLength(1);
      await clickMove(page, '2g2f');
      await clickMove(page, await computerMoveShown(page, 2));
      const recovered = await local.watcher.state(board, (s) => s.moves.length === 3 && s.engineMove === null && s.seq > back.seq);
      expect(recovered.moves[1]).toBe('2g2f');

      // The arbiter pauses the clock, sets 下手's time, starts it again, then declares the result.
      await page.locator('.clock-buttons button[data-clock="pause"]').click();
      const paused = await local.watcher.state(board, (s) => (s.clock as { paused: string | null }).paused === 'black');
      await shows(page, paused.seq);
      expect(await page.locator('.near .clock').textContent()).toContain('(停止中)');
      await page.locator('.clock-buttons .clock-side').selectOption('black');
      await page.locator('.clock-buttons .clock-time').fill('5:00');
      await page.locator('.clock-buttons button[data-clock="set"]').click();
      await local.watcher.state(board, (s) => (s.clock as { black: number }).black === 300_000);
      await page.locator('.near .clock', { hasText: '5:00' }).waitFor();
      await page.locator('.clock-buttons button[data-clock="start"]').click();
      await local.watcher.state(board, (s) => (s.clock as { running: string | null }).running === 'black');
      await page.locator('.result-buttons .result-winner').selectOption('white');
      await page.locator('.result-buttons .result-reason').selectOption('time-forfeit');
      await page.locator('.result-buttons button[data-result]').click();
      const ended = await local.watcher.state(board, (s) => s.result !== null);
      expect(ended.result).toMatchObject({ winner: 'white', reason: 'time_forfeit' });
      await shows(page, ended.seq);
      expect(await page.locator('.result').textContent()).toBe('まで3手で時間切れにより上手の勝ち');
      expect(errors).toEqual([]);
      await page.close();
    });

  it('draws a correction on the square and the komadai concerned, with the steps in a player\'s words', async () => {
    const { page, errors } = await open(local.daemon.dashboardUrl);
    expect(await local.watcher.command(board, 'new-game', { time: {} })).toMatchObject({ ok: true });
    const fresh = await local.watcher.state(board, (s) => s.result === null && s.moves.length === 0);
    await shows(page, fresh.seq);
    await local.watcher.command(board, 'sim', { action: 'place', square: '5e' });
    await local.watcher.command(board, 'sim', { action: 'put', side: 'black', piece: 'P' });
    const wrong = await local.watcher.state(board, (s) => (s.boardStatus as { status: string }).status === 'correction-needed', 30_000);
    expect(wrong.boardStatus).toMatchObject({ squares: ['5e'], komadai: ['black:P'] });
    await shows(page, wrong.seq);
    expect(await page.locator('.board-svg rect.correction[data-square="5e"]').count()).toBe(1);
    expect(await page.locator('.board-svg .komadai.black.correction').count()).toBe(1);
    expect(await page.locator('.status').textContent()).toBe('盤を直してください: ５五の駒を盤から取る、先手の駒台から歩を1枚取る');
    // Issue 82: the player fixes it from the page: a click on the stray piece's square lifts it, and 盤を合わせる
    // sets the rest (the komadai) as the game stands.
    await page.locator('.board-svg rect[data-square="5e"]').click();
    await local.watcher.state(board, (s) => !((s.boardStatus as { squares: string[] }).squares.includes('5e')) && s.seq > wrong.seq, 30_000);
    await page.locator('.sim-buttons button[data-verb="sim-set-up"]').click();
    const fixed = await local.watcher.state(board, (s) => (s.boardStatus as { status: string }).status === 'matched' && s.seq > wrong.seq);
    await shows(page, fixed.seq);
    expect(await page.locator('.board-svg .correction').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
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
    await page.locator('.board-page[data-seq]').waitFor({ timeout: WAIT });
    expect(await page.locator('#connection').textContent()).toBe('接続');
    await page.locator('.arbiter-buttons button[data-verb="resign"][data-side="black"]').click();
    await page.locator('.result', { hasText: 'まで0手で後手の勝ち' }).waitFor({ timeout: WAIT });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a board on the board protocol (emulate-board over TCP): the arbiter\'s panel', () => {
  let emulator: EmulatedBoard;

  beforeAll(async () => {
    emulator = await EmulatedBoard.start();
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  const local = useDaemon(() => ({ config: `board:\n  source: tcp\n  address: ${emulator.address}\n` }));

  it('resigns for a side as arbiter, in the page\'s Japanese, with no simulated play', async () => {
    const board = 'local/board1';
    const { page, errors } = await open(local.daemon.dashboardUrl);
    const start = await local.watcher.state(board);
    await shows(page, start.seq);
    expect(await page.locator('.control-panel > h2').textContent()).toBe('審判');
    expect(await page.locator('.control-panel .sim-buttons').count()).toBe(0); // a real board is played by hand
    await page.locator('.arbiter-buttons button[data-verb="resign"][data-side="white"]').click();
    const ended = await local.watcher.state(board, (s) => s.result !== null);
    expect(ended.result).toMatchObject({ winner: 'black', reason: 'resignation' });
    await shows(page, ended.seq);
    expect(await page.locator('.result').textContent()).toBe('まで0手で先手の勝ち');
    expect(errors).toEqual([]);
    await page.close();
  });
});
