// The event's pages in a real browser (the system Chromium) against the real jar and Debian's Mosquitto: a club of
// boards, the event hub (its page, archive, embeds and overlay), a team match, reviews and tsume. One board's own page
// is in board.e2e.ts; the two files run side by side.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Page } from 'playwright-core';
import { Move, importCSA, importKIF } from 'tsshogi';
import { Daemon, Hub, Mosquitto, Watcher, scratchDirectory, sleep, testRecord } from './harness';
import { english, open, pieceAt, shows, useBrowser, useDaemon, WAIT } from './browser';

useBrowser();

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
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(3);
    expect(await cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')).sort())).toEqual(['board1', 'board2', 'board3']);
    await expect.poll(() => page.locator('.mini[data-board="board2"] .mini-head').textContent()).toBe('board2 · move 1');
    expect(await page.locator('.mini[data-board="board3"] svg.board-10x10').count()).toBe(1);
    expect(await page.locator('.mini[data-board="board2"] [data-piece-square="2f"]').textContent()).toBe('歩');
    // The card is kept across renders (board1's demo game renders the page several times a second): a card made anew
    // lost a click pressed before a render and released after it.
    const board2 = page.locator('.mini[data-board="board2"]');
    await board2.evaluate((card) => { card.dataset.kept = 'yes'; });
    const board1Head = await page.locator('.mini[data-board="board1"] .mini-head').textContent();
    await expect.poll(() => page.locator('.mini[data-board="board1"] .mini-head').textContent(), { timeout: 60_000 })
      .not.toBe(board1Head);
    expect(await page.locator('.mini[data-board="board2"][data-kept="yes"]').count()).toBe(1);
    await board2.click({ delay: 300 }); // a person's press, held across renders
    await page.locator('.board-page .title').filter({ hasText: 'club / board2' }).waitFor();
    expect(await pieceAt(page, '2f')).toBe('歩');
    expect(errors).toEqual([]);
  });

  it('says at start-up when a board on an external broker gives its page no WebSocket to use', async () => {
    const lonely = await Daemon.start({ args: ['--broker', broker.tcpUrl, '--event', 'other', '--board', 'lonely'] });
    try {
      await expect.poll(() => lonely.output.join('\n'), { timeout: WAIT }).toContain('No broker for the dashboard.');
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
    await page.locator('#connection').filter({ hasNotText: /^connected$/ }).waitFor({ timeout: WAIT });
    await sleep(3_000); // board1's game goes on: moves are made and journaled while nobody can see them
    await broker.restart();
    await page.locator('#connection').filter({ hasText: /^connected$/ }).waitFor({ timeout: WAIT });
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
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(3);
    await expect.poll(() => cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')))).toEqual(['b1', 'b2', 'b3']);
    await expect.poll(() => page.locator('.mini[data-board="b1"] .mini-head').textContent()).toBe('第1盤 (b1) · 第1回戦 · 1手');
    expect(await page.locator('.mini[data-board="b1"] .mini-players').textContent()).toContain('山田');
    expect(await page.locator('.mini[data-board="b1"] .mini-result').textContent()).toBe('まで1手で先手の勝ち');
    await page.locator('.standings td').filter({ hasText: '山田' }).waitFor({ timeout: WAIT });
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
    await jt.waitFor({ timeout: WAIT });
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
    await embed.page.locator('.embed-board .embed-svg svg.board').waitFor({ timeout: WAIT });
    expect(await embed.page.locator('header.top').count(), 'no header in a frame').toBe(0);
    expect(new URL(embed.page.url()).searchParams.get('view')).toBe('embed');
    await expect.poll(() => embed.page.locator('.embed-player.black .name').textContent(), { timeout: WAIT }).toContain('田中');
    const joined = stateFetches.length;
    expect(joined, 'joined with one whole state').toBeLessThanOrEqual(1);
    const overlay = await open(`${hub.pageUrl}overlay/open/b2`);
    await overlay.page.locator('.overlay-bar .overlay-player.white .name').filter({ hasText: '鈴木' }).waitFor({ timeout: WAIT });
    // Two moves on the board: the frame and the overlay show them, from the deltas alone (no state fetched again).
    const before = Number((await embed.page.locator('.embed-last').textContent())!.match(/^(\d+)手目/)?.[1] ?? 0);
    for (const usi of before % 2 === 1 ? ['8c8d', '2f2e'] : ['7g7f', '8c8d']) {
      await watcher.play('open/b2', usi);
    }
    const shown = `${before + 2}手目 `;
    await expect.poll(() => embed.page.locator('.embed-last').textContent(), { timeout: WAIT }).toMatch(new RegExp(`^${shown}[▲△]`));
    await expect.poll(() => overlay.page.locator('.overlay-last').textContent(), { timeout: WAIT }).toMatch(new RegExp(`^${shown}`));
    expect(stateFetches.length, 'the moves came as deltas').toBe(joined);
    const marked = await embed.page.locator('svg.board .last-move').count();
    expect(marked, 'the last move is marked on the board').toBeGreaterThan(0);
    // The overlay is transparent, its clocks large, its bar Sente's chances (even without an engine's analysis).
    expect(await overlay.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    // The clock is drawn again at each tick: an element read as it is replaced has no style (NaN), so read again.
    const clockSize = () => overlay.page.locator('.overlay-player.black .clock').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    await expect.poll(clockSize, { timeout: WAIT }).toBeGreaterThanOrEqual(40);
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
    await frame.locator('.embed-last').filter({ hasText: shown }).waitFor({ timeout: WAIT });
    // The board is sized to the frame once the frame is laid out, which a busy machine does after the text is in:
    // wait for it (its width read at once was 0 beside a CPU-bound loop).
    const boardWidth = () => frame.locator('.embed-svg svg.board').evaluate((e) => e.getBoundingClientRect().width);
    await expect.poll(boardWidth, { timeout: WAIT }).toBeGreaterThan(300);
    expect(await boardWidth()).toBeLessThanOrEqual(360);
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
    await row.waitFor({ timeout: WAIT });
    // The rows come from the index over HTTP; an edit goes over MQTT: saved before the page has connected, it is
    // answered "Not connected." (a fresh clone's run once clicked that soon)
    await page.locator('#connection.connected').waitFor({ timeout: WAIT });
    await row.locator('input[name="sente"]').fill('高橋');
    await row.locator('input[name="gote"]').fill('伊藤');
    await row.locator('button').click();
    await page.locator('.hub-edit .edit-answer').filter({ hasText: '保存しました。' }).waitFor();
    await expect.poll(() => page.locator('.mini[data-board="b3"] .mini-players').textContent(), { timeout: WAIT })
      .toContain('高橋');
    await page.locator('.round-form input[name="round"]').fill('2');
    await page.locator('.round-form button').click();
    await page.locator('.event-page .round').filter({ hasText: '第2回戦' }).waitFor({ timeout: WAIT });
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
    await page.locator('.event-page .match').filter({ hasText: '団体戦 京都 2勝1敗 大阪' }).waitFor({ timeout: WAIT });
    const cards = page.locator('.event-page .mini');
    // the hosts' boards only (in the order the hub first heard them): a guest's board mirrors its host's game
    await expect.poll(() => cards.evaluateAll((c) => c.map((e) => e.getAttribute('data-board')).sort()), { timeout: WAIT })
      .toEqual(['kyoto1', 'kyoto2', 'kyoto3']);
    expect(await page.locator('.mini[data-board="kyoto1"] .mini-players').textContent()).toContain('佐藤 (遠隔の盤)');
    expect(await page.locator('.mini[data-board="kyoto2"] .mini-result').textContent()).toContain('後手の勝ち');
    await page.screenshot({ path: join(scratchDirectory('match'), 'team-match.png') });
    expect(errors).toEqual([]);
    await page.close();
    const english = await open(`${hub.pageUrl}?lang=en`);
    await english.page.locator('.event-page .match').filter({ hasText: 'Team match: 京都 2 won, 1 lost against 大阪' })
      .waitFor({ timeout: WAIT });
    await english.page.close();
  });
});

describe('a game reviewed after it ends (issue 86): its records read by tsshogi, its mistakes on the page', () => {
  const local = useDaemon({ config: 'players:\n  gote: {type: human}\nreview:\n  nodes: 20000\n' });
  const board = 'local/board1';
  /** Black leaves the rook where the bishop on 3c takes it (move 9), and resigns after the recapture. */
  const game = ['7g7f', '3c3d', '2g2f', '4c4d', '2f2e', '2b3c', '2e2d', '2c2d', '2h2d', '3c2d'];

  it('comments every move of the KIF in ShogiHome\'s form and of the CSA in floodgate\'s, and the page draws the marks and the better move', async () => {
    await local.watcher.state(board);
    for (const usi of game) {
      await local.watcher.play(board, usi);
    }
    expect(await local.watcher.command(board, 'resign', { side: 'black' })).toMatchObject({ ok: true });
    const ended = await local.watcher.state(board, (s) => s.result !== null);
    const games = join(local.daemon.dataDir, 'games');
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
    const { page, errors } = await open(english(`${local.daemon.dashboardUrl}#/game/${ended.game}`));
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
    const { page: ja, errors: jaErrors } = await open(`${local.daemon.dashboardUrl}#/game/${ended.game}`);
    await ja.locator('.review:not([hidden]) .worst li[data-ply="9"]').click();
    expect(await ja.locator('.review h2').textContent()).toBe('検討');
    expect(await ja.locator('.review .summary').textContent()).toMatch(/^悪手は\dつです。9手目 ▲２四飛、最善は ▲/);
    await ja.screenshot({ path: join(scratchDirectory('review'), 'review.png') });
    expect(jaErrors).toEqual([]);
    await ja.close();
  }, 180_000);

  it('turns the tutor on from the arbiter\'s panel, and the state says so', async () => {
    const { page, errors } = await open(english(local.daemon.dashboardUrl));
    const before = await local.watcher.state(board);
    await shows(page, before.seq);
    expect(await page.locator('.tutor-switch').isChecked()).toBe(false);
    await page.locator('.tutor-switch').check();
    await local.watcher.state(board, (s) => (s as unknown as { tutor?: boolean }).tutor === true);
    await page.locator('.tutor-switch:checked').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a tsume chosen on the page (issue 86): set up, solved, and the verdict in the player\'s words', () => {
  const local = useDaemon();
  const board = 'local/board1';

  it('offers the set with the board\'s progress, says each set-up step, and says 正解 once it is solved', async () => {
    const { page, errors } = await open(local.daemon.dashboardUrl);
    await shows(page, (await local.watcher.state(board)).seq);
    await page.locator('.tsume-buttons:not([hidden]) .tsume-choice option[value="3-01"]').waitFor({ state: 'attached' });
    expect(await page.locator('.tsume-choice option').count()).toBe(30);
    expect(await page.locator('.tsume-choice option[value="3-01"]').textContent()).toBe('3-01 3手詰');
    await page.locator('.tsume-choice').selectOption('3-01');
    await page.locator('button[data-tsume]').click();
    await page.locator('.panel-message', { hasText: '3-01（3手詰）を出題しました。' }).waitFor();
    const setUp = await local.watcher.state(board, (s) => (s as unknown as { tsume?: { setUp: string | null } }).tsume?.setUp != null);
    await page.locator('.status', { hasText: /^詰将棋を並べています: 赤い升の駒をすべて盤から取ってください。$/ }).waitFor();
    // the squares to clear are marked on the page's board as the LEDs light them (the start position's forty)
    await expect.poll(() => page.locator('.board-svg .correction').count()).toBe(40);

    // The simulated hands set the problem up at once (a person follows the LEDs; DaemonTsumeTest does).
    await page.locator('button[data-verb="sim-set-up"]').click();
    const ready = await local.watcher.state(board, (s) => s.game === setUp.game
      && (s as unknown as { tsume?: { setUp: string | null } }).tsume?.setUp === null);
    await page.locator('.status', { hasText: '詰将棋 3-01（3手詰）: 王手の連続で詰ませてください。' }).waitFor();
    await page.screenshot({ path: join(scratchDirectory('tsume'), 'tsume.png') });

    expect(ready.moves).toEqual([]);
    for (const usi of ['G*4b', '6d4b+']) {
      const played = await local.watcher.play(board, usi);
      if (played.moves.length < 3) { // the defender answers on the LEDs, and the simulated hands carry it out
        await local.watcher.state(board, (s) => s.moves.length === played.moves.length + 1);
      }
    }
    const solved = await local.watcher.state(board, (s) => s.result !== null);
    expect(solved.result).toMatchObject({ winner: 'black', reason: 'checkmate' });
    await page.locator('.status', { hasText: '正解です。' }).waitFor();
    await page.locator('.tsume-choice').focus(); // the progress is read again
    await page.locator('.tsume-choice option[value="3-01"]', { hasText: '3-01 3手詰 ✓' }).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
