// The event view: every board of an event as a live miniature with its players, move count, clocks and result.
// A click opens the board view.

import { renderBoard } from '../board/svg';
import { BoardStore, formatClock, liveClock } from '../live/store';
import { Position } from '../shogi/position';
import { sideMark } from '../shogi/notation';
import { isHandicap, resultText, t } from './i18n';

export class EventPage {
  private timer: number | undefined;
  private readonly unsubscribe: () => void;
  /** Each board's miniature by its SFEN: the clocks tick every second, the board is drawn only when it changed. */
  private readonly drawn = new Map<string, { sfen: string; svg: string }>();

  constructor(private readonly root: HTMLElement, private readonly store: BoardStore, private readonly event: string) {
    root.innerHTML = `<section class="event-page"><h1 class="title"></h1><p class="empty"></p>
      <div class="boards"></div></section>`;
    (root.querySelector('.empty') as HTMLElement).textContent = t('waitingForBoards');
    (root.querySelector('.title') as HTMLElement).textContent = event;
    this.unsubscribe = store.subscribe((key) => {
      if (key.startsWith(event + '/')) this.render();
    });
    this.timer = window.setInterval(() => this.render(), 1000);
    this.render();
  }

  destroy(): void {
    window.clearInterval(this.timer);
    this.unsubscribe();
  }

  render(): void {
    const grid = this.root.querySelector('.boards') as HTMLElement;
    const views = this.store.views(this.event).filter((v) => v.state !== null);
    (this.root.querySelector('.empty') as HTMLElement).hidden = views.length > 0;
    grid.textContent = '';
    for (const view of views) {
      const state = view.state!;
      const card = document.createElement('a');
      card.className = `mini ${view.online === false ? 'offline' : 'online'}`;
      card.href = `#/board/${encodeURIComponent(this.event)}/${encodeURIComponent(view.board)}`;
      card.dataset.board = view.board;
      const clocks = liveClock(state.result ? { ...state.clock, running: null } : state.clock, Date.now() - view.receivedAt);
      const head = document.createElement('div');
      head.className = 'mini-head';
      head.textContent = `${view.board} · ${t('moveCount', { n: state.moves.length })}${view.online === false ? ` · ${t('offline')}` : ''}`;
      const players = document.createElement('div');
      players.className = 'mini-players';
      for (const side of ['black', 'white'] as const) {
        const p = document.createElement('div');
        p.className = `mini-player ${side}${!state.result && state.sideToMove === side ? ' to-move' : ''}`;
        const tc = state.clock.timeControl;
        const timed = tc.mainMillis + tc.byoyomiMillis + tc.incrementMillis > 0;
        p.textContent = `${sideMark(side)} ${state.players[side].name}${timed ? ' ' + formatClock(clocks[side]) : ''}`;
        players.append(p);
      }
      const svg = document.createElement('div');
      svg.className = 'mini-board';
      svg.innerHTML = this.miniature(view.board, state.sfen);
      const result = document.createElement('div');
      result.className = 'mini-result';
      if (state.result) {
        result.textContent = resultText(state.result, state.moves.length,
          { black: state.players.black.name, white: state.players.white.name }, isHandicap(state.startSfen));
      }
      card.append(head, svg, players, result);
      grid.append(card);
    }
  }

  private miniature(board: string, sfen: string): string {
    const cached = this.drawn.get(board);
    if (cached?.sfen === sfen) return cached.svg;
    let svg: string;
    try {
      svg = renderBoard(Position.fromSfen(sfen), { title: `${t('board')} ${board}` });
    } catch {
      svg = '<p>unreadable position</p>';
    }
    this.drawn.set(board, { sfen, svg });
    return svg;
  }
}
