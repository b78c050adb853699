// The board view: one board, live. The board as SVG, players and clocks, the board's status, the result, the move
// list (click a move to see the position then; "live" follows the game again without losing updates), an evaluation
// graph when analysis is published, record downloads and the SFEN. All outside text goes in through textContent.

import { renderBoard, BoardMarks } from '../board/svg';
import { BoardStore, BoardView as LiveBoard, Review, formatClock, liveClock } from '../live/store';
import { Position, Square, parseSquare, parseUsiMove, replay } from '../shogi/position';
import { western } from '../shogi/notation';
import { ControlPanel } from './controlPanel';
import { Connection } from '../live/connection';
import { DashboardSettings } from '../live/settings';
import { evaluationGraph, markClass } from './evalGraph';
import { clockText, isHandicap, language, playerLabel, resultText, sideLabel, t } from './i18n';
import { PageSound } from './sound';


export class BoardPage {
  private flipped = false;
  private western = localStorage.getItem('notation') === 'western';
  /** The ply shown, or null to follow the live game. */
  private shownPly: number | null = null;
  private positions: Position[] = [];
  private positionsKey = '';
  private scrolledToPly = -1;
  private drawnBoard = '';
  private readonly panel: ControlPanel | null;
  private timer: number | undefined;
  private readonly sound = new PageSound(localStorage);
  /** The game and move count last seen, for the move sound. */
  private heardMoves = '';
  /** Undo what the page hooked into the store and the document, so a route change leaves nothing behind. */
  private readonly unhook: Array<() => void> = [];

  constructor(private readonly root: HTMLElement, private readonly store: BoardStore, private readonly event: string,
              private readonly board: string, connection: Connection, settings: DashboardSettings,
              private readonly archivedGame: string | null = null) {
    root.innerHTML = template();
    // The arbiter's panel wherever the page may command the board (behind the broker's account when it asks for
    // one); playing by clicks only on a simulated board.
    this.panel = mayCommand(settings)
      ? new ControlPanel(this.q('.control-panel'), connection, event, board, settings.simulated, settings.variant,
        settings.usiEngine) : null;
    this.q('.control-panel').hidden = this.panel === null;
    if (this.panel) {
      this.panel.plyNow = () => this.view()?.state?.moves.length ?? 0;
      this.panel.viewNow = () => this.view();
    }
    this.q<HTMLButtonElement>('.flip').onclick = () => { this.flipped = !this.flipped; this.render(); };
    this.q<HTMLButtonElement>('.notation').onclick = () => {
      this.western = !this.western;
      localStorage.setItem('notation', this.western ? 'western' : 'japanese');
      this.render();
    };
    const soundButton = this.q<HTMLButtonElement>('.sound');
    soundButton.setAttribute('aria-pressed', String(this.sound.enabled()));
    soundButton.onclick = () => soundButton.setAttribute('aria-pressed', String(this.sound.toggle()));
    this.unhook.push(store.onVoice((key, message) => {
      if (key === `${event}/${board}`) this.sound.say(message);
    }));
    this.q<HTMLButtonElement>('.first').onclick = () => this.show(0);
    this.q<HTMLButtonElement>('.back').onclick = () => this.show(Math.max(0, this.currentPly() - 1));
    this.q<HTMLButtonElement>('.forward').onclick = () => this.show(this.currentPly() + 1);
    this.q<HTMLButtonElement>('.live').onclick = () => this.show(null);
    this.q<HTMLButtonElement>('.copy-sfen').onclick = () => {
      const sfen = this.q<HTMLInputElement>('.sfen').value;
      void navigator.clipboard?.writeText(sfen);
    };
    const downloads = this.q('.downloads');
    if (settings.httpBase) {
      // The game in progress as a growing record, or a recorded game's files.
      // (a hub serves the event's games under /event/ and its archive under /archive/game/)
      const base = archivedGame ? `${settings.hub ? 'archive/game' : 'games'}/${encodeURIComponent(archivedGame)}`
        : `${settings.hub ? 'event' : 'live'}/${encodeURIComponent(board)}`;
      for (const [label, ext] of [['KIF', 'kifu'], ['KIF (Shift_JIS)', 'kif'], ['CSA', 'csa'], ['JKF', 'jkf']]) {
        const a = document.createElement('a');
        a.textContent = label;
        a.href = `${base}.${ext}`;
        a.download = '';
        downloads.append(a, ' ');
      }
      const games = document.createElement('a');
      games.className = 'games-link';
      games.textContent = t('allGames');
      games.href = settings.hub ? '#/archive' : '#/games'; // the finished games, newest first, each opened here
      downloads.append(games, ' ');
    } else {
      downloads.hidden = true;
    }
    this.q('.board-svg').addEventListener('click', (e) => this.panel?.click(e, this.view(), this.positions));
    this.unhook.push(store.subscribe((key) => {
      if (key === `${event}/${board}`) this.render();
    }));
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') this.show(Math.max(0, this.currentPly() - 1));
      if (e.key === 'ArrowRight') this.show(this.currentPly() + 1);
    };
    const selection = () => this.render();
    document.addEventListener('keydown', keys);
    document.addEventListener('board-selection', selection);
    this.unhook.push(() => document.removeEventListener('keydown', keys),
      () => document.removeEventListener('board-selection', selection));
    this.timer = window.setInterval(() => this.renderClocks(), 200);
    this.render();
  }

  destroy(): void {
    window.clearInterval(this.timer);
    this.unhook.forEach((undo) => undo());
  }

  private q<T extends HTMLElement = HTMLElement>(selector: string): T {
    return this.root.querySelector(selector) as T;
  }

  /** Why the live board accepts no move (its status says so), or null; a recorded game is never halted. */
  private haltedBy(): string | null {
    return this.archivedGame ? null : this.view()?.halted ?? null;
  }

  private view(): LiveBoard | null {
    return this.store.view(this.event, this.board);
  }

  private currentPly(): number {
    const moves = this.view()?.state?.moves.length ?? 0;
    return this.shownPly === null ? moves : this.shownPly;
  }

  private show(ply: number | null): void {
    const moves = this.view()?.state?.moves.length ?? 0;
    this.shownPly = ply === null || ply >= moves ? null : ply;
    this.render();
  }

  render(): void {
    const view = this.view();
    const title = this.q('.title');
    // A recorded game is headed by its own words (棋戦, day, players); a live board by its event and name.
    title.textContent = this.archivedGame
      ? view?.state?.title || [this.event, this.board, this.archivedGame].filter((part) => part).join(' / ')
      : `${this.event} / ${this.board}`;
    const online = this.q('.online');
    const connected = this.archivedGame ? 'recorded' : view?.online === false ? 'offline' : view?.online ? 'online' : 'waiting';
    online.textContent = t(connected);
    online.className = `online ${connected}`;
    const state = view?.state;
    if (!state) {
      this.q('.board-svg').textContent = t('waitingForBoard');
      this.drawnBoard = '';
      return;
    }
    const key = `${state.game}:${state.startSfen}:${state.moves.join(' ')}`;
    if (key !== this.positionsKey) {
      try {
        this.positions = replay(state.startSfen, state.moves);
      } catch {
        this.positions = [Position.fromSfen(state.sfen)];
      }
      this.positionsKey = key;
    }
    const heard = `${state.game}:${state.moves.length}`;
    if (this.heardMoves.startsWith(`${state.game}:`) && heard !== this.heardMoves && state.moves.length > 0) {
      this.sound.move();
    }
    this.heardMoves = heard;
    const ply = Math.min(this.currentPly(), this.positions.length - 1);
    const review = view!.review?.game === state.game ? view!.review : null;
    const position = this.positions[ply];
    const live = this.shownPly === null;
    const marks: BoardMarks = {
      lastMove: ply > 0 ? moveSquares(state.moves[ply - 1], position) : [],
      check: live ? checkedKing(state.result?.reason, state.check === true, position) : null,
      // a correction's squares, or a tsume's set-up step, as the LEDs show them
      correction: !live ? [] : state.tsume?.setUp ? squares(state.tsume.squares ?? [], position)
        : state.boardStatus.status !== 'promotion-pending' ? squares(state.boardStatus.squares, position) : [],
      correctionKomadai: !live ? [] : state.tsume?.setUp ? (state.tsume.komadai ? [state.tsume.komadai] : [])
        : state.boardStatus.komadai ?? [],
      promotion: live && state.boardStatus.status === 'promotion-pending' ? squares(state.boardStatus.squares, position)[0] ?? null : null,
      selected: this.panel?.selection ?? null,
      // As the LEDs show it until the board has it; a hint while the game is where it was asked.
      engineMove: live ? state.engineMove : null,
      hint: live && this.panel?.hint?.ply === state.moves.length && !state.result ? this.panel.hint.usi
        : live && state.advice ? state.advice.better : betterMoveAt(review, ply),
    };
    const svg = renderBoard(position, { flipped: this.flipped, marks, title: `${t('board')} ${this.board}, ${t('moveCount', { n: ply })}` });
    if (svg !== this.drawnBoard) { // a state that changed only the clocks or the status leaves the board alone
      this.q('.board-svg').innerHTML = svg;
      this.drawnBoard = svg;
    }
    this.renderPlayers(view!);
    this.renderStatus(view!, live, ply);
    this.panel?.showTutor(state.tutor === true);
    this.renderMoves(state.moves, state.movesJapanese, ply, review);
    this.renderReview(review, ply);
    this.q<HTMLInputElement>('.sfen').value = position.toSfen();
    this.q('.graph').innerHTML = evaluationGraph(view!.analysis, state.moves.length, ply, review);
    this.renderClocks();
    // What is on screen, for tests and latency measurements: the newest state's seq and game.
    const page = this.q('.board-page');
    page.dataset.seq = String(state.seq);
    page.dataset.game = state.game;
    page.dataset.ply = String(ply);
  }

  private renderPlayers(view: LiveBoard): void {
    const state = view.state!;
    const far = this.flipped ? 'black' : 'white';
    const near = this.flipped ? 'white' : 'black';
    for (const [slot, side] of [['.far', far], ['.near', near]] as const) {
      const player = state.players[side];
      const el = this.q(slot);
      const handicap = isHandicap(state.startSfen);
      el.querySelector('.mark')!.textContent = sideLabel(side, handicap);
      el.querySelector('.name')!.textContent = playerLabel(player, side, handicap);
      el.classList.toggle('to-move', state.result === null && state.sideToMove === side);
      el.dataset.side = side;
    }
  }

  renderClocks(): void {
    const view = this.view();
    const state = view?.state;
    if (!state) return;
    const tc = state.clock.timeControl;
    const none = tc.mainMillis === 0 && tc.byoyomiMillis === 0 && tc.incrementMillis === 0;
    const running = state.result === null ? state.clock : { ...state.clock, running: null };
    const now = liveClock(running, Date.now() - view!.receivedAt);
    const paused = state.result === null ? state.clock.paused ?? null : null;
    for (const slot of ['.far', '.near']) {
      const el = this.q(slot);
      const side = el.dataset.side as 'black' | 'white';
      const clock = el.querySelector('.clock')!;
      if (none) {
        clock.textContent = '';
        continue;
      }
      const timed = state.clock.running === side || paused === side;
      let text = clockText(now[side], timed ? now.byoyomi : tc.byoyomiMillis, tc.byoyomiMillis, formatClock);
      clock.classList.toggle('byoyomi', tc.byoyomiMillis > 0 && now[side] === 0);
      if (paused === side) {
        text += ` (${t('paused')})`;
      }
      clock.textContent = text;
      clock.classList.toggle('paused', paused === side);
    }
  }

  private renderStatus(view: LiveBoard, live: boolean, ply: number): void {
    const state = view.state!;
    const status = this.q('.status');
    const result = this.q('.result');
    this.q('.mode').textContent = state.mode === 'tournament' ? t('tournamentMode') : '';
    if (state.result) {
      result.textContent = resultText(state.result, state.moves.length,
        { black: playerLabel(state.players.black, 'black', isHandicap(state.startSfen)),
          white: playerLabel(state.players.white, 'white', isHandicap(state.startSfen)) }, isHandicap(state.startSfen));
    } else {
      result.textContent = '';
    }
    const s = state.boardStatus;
    let text = '';
    const japanese = language() === 'ja';
    const halted = this.haltedBy(); // said by the board's status: no state can say it while nothing is written
    if (!live) {
      text = t('showing', { n: ply, total: state.moves.length });
    } else if (halted !== null) {
      text = t('storageHalted', { what: halted });
    } else if (s.status === 'correction-needed') {
      text = t('correct', { what: japanese && s.japanese ? s.japanese : `${s.squares.join(', ')}${s.detail ? ` (${s.detail})` : ''}` });
    } else if (s.status === 'promotion-pending') {
      text = japanese && s.japanese ? s.japanese : t('promotion', { what: s.detail });
    } else if (s.status === 'ambiguous') {
      text = t('ambiguous', { what: japanese && s.japanese ? s.japanese : s.detail });
    } else if (s.status === 'illegal-move') {
      text = t('illegal', { what: japanese && s.japanese ? s.japanese : s.detail });
    } else if (s.status === 'offline') {
      text = t('boardOffline');
    } else if (s.status === 'halted') {
      text = t('halted', { what: s.detail });
    } else if (state.tsume?.setUp) {
      text = t('tsumeSetUp', { step: japanese ? state.tsume.setUp : state.tsume.setUpEnglish ?? state.tsume.setUp });
    } else if (state.tsume && state.result) {
      // the escaping move in the page's notation, never USI
      const escape = state.lastMove ? this.engineMoveText(state.lastMove, state.movesJapanese[state.movesJapanese.length - 1], 1) : '';
      text = state.result.winner === 'black' ? t('tsumeSolved') : t('tsumeRefuted', { move: escape });
    } else if (state.advice) {
      text = t('tutorAdvice', { mark: japanese ? state.advice.mark : state.advice.markEnglish,
        best: this.engineMoveText(state.advice.better, state.advice.betterJapanese, 1) });
    } else if (state.engineMove) {
      text = t('computerPlays', { move: this.engineMoveText(state.engineMove, state.engineMoveJapanese) });
    } else if (state.tsume) {
      text = t('tsumeSolve', { id: state.tsume.id, plies: state.tsume.plies });
    }
    status.textContent = text;
    status.className = `status ${live ? (halted !== null ? 'halted' : s.status) : 'history'}`;
  }

  /**
   * Bring the move list up to date, touching only what changed (a new move appends one item): rebuilding a long list
   * on every state cost a phone more than the board itself. The current move is scrolled into view on the next frame,
   * so the scroll does not force a layout in the middle of the update.
   */
  /**
   * The review of a finished game: what the board said of it, and the people's mistakes, the worst first; a click
   * shows the position the mistake was made in, with the better move as an arrow.
   */
  private renderReview(review: Review | null, ply: number): void {
    const box = this.q('.review');
    box.hidden = review === null;
    if (review === null) {
      return;
    }
    const key = `${review.game}:${ply}:${language()}:${this.western}`;
    if (box.dataset.key === key) {
      return;
    }
    box.dataset.key = key;
    box.querySelector('h2')!.textContent = t('review');
    box.querySelector('.summary')!.textContent = language() === 'ja' ? review.summary.ja : review.summary.en;
    const list = box.querySelector('.worst')!;
    list.replaceChildren();
    for (const worst of review.worst) {
      const m = review.moves[worst - 1];
      if (!m) continue;
      const li = document.createElement('li');
      li.dataset.ply = String(worst);
      li.className = markClass(m.mark);
      li.classList.toggle('current', worst - 1 === ply);
      li.textContent = t('worstMove', { n: worst, move: this.moveText(m.move, m.japanese, worst - 1),
        mark: language() === 'ja' ? m.markJapanese : m.mark, best: m.best ? this.moveText(m.best, m.bestJapanese ?? m.best, worst - 1) : '' });
      li.onclick = () => this.show(worst - 1);
      list.append(li);
    }
  }

  private renderMoves(moves: readonly string[], japanese: readonly string[], ply: number, review: Review | null): void {
    const list = this.q('.moves');
    const items = list.children;
    while (items.length > moves.length) {
      list.lastElementChild!.remove();
    }
    moves.forEach((usi, i) => {
      const text = this.moveText(usi, japanese[i], i);
      let li = items[i] as HTMLLIElement | undefined;
      if (!li) {
        li = document.createElement('li');
        li.dataset.ply = String(i + 1);
        li.onclick = () => this.show(i + 1);
        list.append(li);
      }
      if (li.textContent !== text) li.textContent = text;
      li.classList.toggle('current', i + 1 === ply);
      const mark = review?.moves[i]?.mark ?? '';
      if ((li.dataset.mark ?? '') !== mark) { // a reviewed move carries its mark (悪手 red, 好手 blue...)
        if (li.dataset.mark) li.classList.remove(markClass(li.dataset.mark));
        if (mark) li.classList.add(markClass(mark));
        li.dataset.mark = mark;
        li.title = review?.moves[i]?.markJapanese ?? '';
      }
    });
    if (ply !== this.scrolledToPly) {
      this.scrolledToPly = ply;
      requestAnimationFrame(() => list.querySelector('.current')?.scrollIntoView({ block: 'nearest' }));
    }
  }

  /** A move of the position {@code back} moves before the last one, in the chosen notation. */
  private engineMoveText(usi: string, japanese: string | null | undefined, back = 0): string {
    const position = this.positions[this.positions.length - 1 - back];
    if (this.western && position) {
      try {
        return western(position, usi);
      } catch {
        return usi;
      }
    }
    return japanese ?? usi;
  }

  private moveText(usi: string, japanese: string | undefined, i: number): string {
    if (this.western && this.positions[i]) {
      try {
        return `${i % 2 === 0 ? '☗' : '☖'}${western(this.positions[i], usi)}`;
      } catch {
        return usi;
      }
    }
    return japanese ?? usi;
  }
}

/**
 * Whether this page may command the board: commands on, and signed in when the broker asks for an account (to
 * connect at all, or only to command).
 */
export function mayCommand(settings: DashboardSettings): boolean {
  return (settings.simulated || settings.commands) && (!(settings.login || settings.signIn) || settings.username !== null);
}

/**
 * The better move to draw in the position after {@code ply} moves: the engine's choice there when the move actually
 * played next was a mistake (a review's 疑問手, 悪手 or 大悪手), so stepping to a mistake shows what was better.
 */
export function betterMoveAt(review: Review | null, ply: number): string | null {
  const next = review?.moves[ply];
  return next && next.best && ['dubious move', 'mistake', 'blunder'].includes(next.mark) ? next.best : null;
}

function moveSquares(usi: string, position: Position): Square[] {
  try {
    const move = parseUsiMove(usi, position.variant);
    return move.from ? [move.to, move.from] : [move.to];
  } catch {
    return [];
  }
}

function squares(names: readonly string[], position: Position): Square[] {
  const out: Square[] = [];
  for (const name of names) {
    try {
      out.push(parseSquare(name, position.variant));
    } catch {
      // not a square (an ambiguous status lists moves): nothing to mark
    }
  }
  return out;
}

/** The king to mark: the side to move's, when it is in check (the daemon says so) or was mated. */
function checkedKing(reason: string | undefined, inCheck: boolean, position: Position): Square | null {
  if (reason === 'checkmate' || inCheck) {
    return position.kingSquare(position.sideToMove);
  }
  return null;
}

const template = () => `
<section class="board-page">
  <header class="board-header"><h1 class="title"></h1><span class="mode"></span><span class="online"></span></header>
  <div class="board-layout">
    <div class="board-column">
      <div class="player far"><span class="mark"></span> <span class="name"></span> <span class="clock"></span></div>
      <div class="board-svg"></div>
      <div class="player near"><span class="mark"></span> <span class="name"></span> <span class="clock"></span></div>
      <p class="status" role="status"></p>
      <p class="result"></p>
    </div>
    <aside class="side-column">
      <div class="toolbar">
        <button class="first" title="${t('start')}">|◀</button><button class="back" title="${t('back')}">◀</button>
        <button class="forward" title="${t('forward')}">▶</button><button class="live" title="${t('liveTitle')}">${t('live')}</button>
        <button class="flip" title="${t('flipTitle')}">${t('flip')}</button><button class="notation" title="${t('notationTitle')}">▲/P</button>
        <button class="sound" title="${t('soundTitle')}">${t('sound')}</button>
      </div>
      <ol class="moves"></ol>
      <div class="graph"></div>
      <div class="review" hidden><h2></h2><p class="summary"></p><ol class="worst"></ol></div>
      <div class="record"><span class="downloads"></span>
        <details class="copy-position"><summary>${t('copyPosition')}</summary>
          <button class="copy-sfen">${t('copySfen')}</button><input class="sfen" readonly aria-label="SFEN"></details></div>
      <div class="control-panel"></div>
    </aside>
  </div>
</section>`;
