// One board of an event for other people's pages, served by the hub and fed by the public feed (docs/broadcast.md):
// the embed, for a club's site in an <iframe> (no header, as wide as the frame it is given), and the overlay, for
// OBS over a camera's picture of the real board (a transparent page: large clocks, the last move, an evaluation bar
// and the players' names; no board, the camera shows it).

import { renderBoard } from '../board/svg';
import { Position, parseUsiMove } from '../shogi/position';
import { Analysis, BoardStore, BoardView, GameStateMessage, formatClock, liveClock } from '../live/store';
import { clockText, isHandicap, playerLabel, resultText, sideLabel, t } from './i18n';
import { escapeXml } from './escape';

type Side = 'black' | 'white';

/** Black's chance to win for a score in centipawns (the usual logistic with 600 cp; 50 at 0). */
export function winPercent(centipawns: number): number {
  return 100 / (1 + Math.exp(-centipawns / 600));
}

/** The newest analysis of the game's last position shown or before it, or null. */
export function newestAnalysis(analysis: ReadonlyMap<number, Analysis>, plies: number): Analysis | null {
  let best: Analysis | null = null;
  for (const a of analysis.values()) {
    if (a.ply <= plies && (best === null || a.ply > best.ply)) best = a;
  }
  return best;
}

/** The last move in words, with its number: "24手目 △同　銀". */
function lastMoveText(state: GameStateMessage): string {
  const n = state.moves.length;
  return n === 0 ? t('noMovesYet') : `${t('moveNumber', { n })} ${state.movesJapanese[n - 1] ?? state.moves[n - 1]}`;
}

function players(state: GameStateMessage, receivedAt: number): { side: Side; name: string; clock: string; toMove: boolean }[] {
  const handicap = isHandicap(state.startSfen);
  const clocks = liveClock(state.result ? { ...state.clock, running: null } : state.clock, Date.now() - receivedAt);
  const tc = state.clock.timeControl;
  const timed = tc.mainMillis + tc.byoyomiMillis + tc.incrementMillis > 0;
  return (['black', 'white'] as const).map((side) => ({
    side,
    name: `${sideLabel(side, handicap)} ${playerLabel(state.players[side], side, handicap)}`,
    clock: timed ? clockText(clocks[side], state.clock.running === side ? clocks.byoyomi : tc.byoyomiMillis, tc.byoyomiMillis,
      formatClock) : '',
    toMove: !state.result && state.sideToMove === side,
  }));
}

function result(state: GameStateMessage): string {
  if (!state.result) return '';
  const handicap = isHandicap(state.startSfen);
  return resultText(state.result, state.moves.length, {
    black: playerLabel(state.players.black, 'black', handicap), white: playerLabel(state.players.white, 'white', handicap),
  }, handicap);
}

/** A page that redraws one board whenever the store changes it, and every second for the running clock. */
abstract class OneBoardPage {
  private readonly unsubscribe: () => void;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(protected readonly root: HTMLElement, private readonly store: BoardStore, private readonly event: string,
              private readonly board: string) {
    this.unsubscribe = store.subscribe((key) => {
      if (key === `${event}/${board}`) this.draw();
    });
    this.timer = setInterval(() => this.draw(), 1000);
    document.body.classList.add(this.bodyClass());
    this.draw();
  }

  /** The page's look (style.css): `embed` or `overlay`. */
  protected abstract bodyClass(): string;

  protected draw(): void {
    const view = this.store.view(this.event, this.board);
    if (!view?.state) {
      this.root.innerHTML = `<p class="embed-waiting">${escapeXml(t('connecting'))}</p>`;
      return;
    }
    this.render(view, view.state);
  }

  protected abstract render(view: BoardView, state: GameStateMessage): void;

  destroy(): void {
    this.unsubscribe();
    clearInterval(this.timer);
  }
}

/** The embed: the board as it stands, the players with their clocks, the last move and the result. */
export class EmbedPage extends OneBoardPage {
  protected bodyClass(): string {
    return 'embed';
  }

  protected render(view: BoardView, state: GameStateMessage): void {
    const position = Position.fromSfen(state.sfen);
    const last = state.lastMove ? parseUsiMove(state.lastMove, position.variant) : null;
    const svg = renderBoard(position, {
      title: `${state.board} ${lastMoveText(state)}`,
      marks: { lastMove: last ? [...(last.from ? [last.from] : []), last.to] : [] },
    });
    const rows = players(state, view.receivedAt).reverse() // gote above the board, sente below, as it is seen
      .map((p) => `<div class="embed-player ${p.side}${p.toMove ? ' to-move' : ''}"><span class="name">${escapeXml(p.name)}</span>`
        + `<span class="clock">${escapeXml(p.clock)}</span></div>`);
    this.root.innerHTML = `<section class="embed-board${view.online === false ? ' offline' : ''}">${rows[0]}`
      + `<div class="embed-svg">${svg}</div>${rows[1]}<p class="embed-last">${escapeXml(lastMoveText(state))}</p>`
      + `<p class="embed-result">${escapeXml(result(state))}</p></section>`;
  }
}

/** The overlay for OBS: names and large clocks, the last move, the evaluation bar; the page itself is transparent. */
export class OverlayPage extends OneBoardPage {
  protected bodyClass(): string {
    return 'overlay';
  }

  protected render(view: BoardView, state: GameStateMessage): void {
    const analysis = newestAnalysis(view.analysis, state.moves.length);
    const percent = analysis === null ? 50 : winPercent(analysis.score);
    const cards = players(state, view.receivedAt).map((p) => `<div class="overlay-player ${p.side}${p.toMove ? ' to-move' : ''}">`
      + `<span class="name">${escapeXml(p.name)}</span><span class="clock">${escapeXml(p.clock)}</span></div>`);
    const score = analysis === null ? '' : `${analysis.score > 0 ? '+' : ''}${analysis.score}`;
    this.root.innerHTML = `<section class="overlay-bar">${cards[0]}<div class="overlay-middle">`
      + `<p class="overlay-last">${escapeXml(lastMoveText(state))}</p>`
      + `<div class="overlay-eval" title="${escapeXml(t('evaluation'))}" data-percent="${percent.toFixed(1)}">`
      + `<div class="overlay-eval-black" style="width:${percent.toFixed(1)}%"></div><span>${escapeXml(score)}</span></div>`
      + `<p class="overlay-result">${escapeXml(result(state))}</p></div>${cards[1]}</section>`;
  }
}
