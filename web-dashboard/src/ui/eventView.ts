// The event view: every board of an event as a live miniature with its players, move count, clocks and result.
// A click opens the board view. Served by an event hub, it adds the hub's round index (board numbers, rounds, the
// organiser's names) and the event's standings.

import { renderBoard } from '../board/svg';
import { BoardStore, formatClock, liveClock } from '../live/store';
import { Position } from '../shogi/position';
import { clockText, isHandicap, playerLabel, resultText, sideLabel, t } from './i18n';
import { EventIndex, isGuestBoard, pollIndex, ranks } from './eventIndex';
import { HubCommand, HubEditor } from './hubEditor';

export class EventPage {
  private timer: number | undefined;
  private readonly unsubscribe: () => void;
  /** Each board's miniature by its SFEN: the clocks tick every second, the board is drawn only when it changed. */
  private readonly drawn = new Map<string, { sfen: string; svg: string }>();
  /**
   * Each board's card, kept while the board is shown: the page renders on every message of any board and every second,
   * and a card made anew each time lost a click whose press and release fell on either side of a render (a demo game
   * on another board renders several times a second; a browser test's click opened nothing for 30 s).
   */
  private readonly cards = new Map<string, HTMLAnchorElement>();
  /** The hub's round index, when a hub serves the page. */
  private index: EventIndex | null = null;
  private readonly stopIndex: () => void = () => {};

  private readonly editor: HubEditor | null = null;

  /** With {@code edit} (a signed-in arbiter on a hub's page), the round and the pairings can be edited. */
  constructor(private readonly root: HTMLElement, private readonly store: BoardStore, private readonly event: string,
              hub = false, title: string | null = null, edit: HubCommand | null = null) {
    root.innerHTML = `<section class="event-page"><h1 class="title"></h1><p class="round"></p><p class="match"></p><p class="empty"></p>
      <div class="boards"></div><section class="standings" hidden></section><section class="hub-edit" hidden></section></section>`;
    if (hub && edit) this.editor = new HubEditor(root.querySelector('.hub-edit') as HTMLElement, edit);
    (root.querySelector('.empty') as HTMLElement).textContent = t('waitingForBoards');
    (root.querySelector('.title') as HTMLElement).textContent = title ?? event;
    this.unsubscribe = store.subscribe((key) => {
      if (key.startsWith(event + '/')) this.render();
    });
    this.timer = window.setInterval(() => this.render(), 1000);
    if (hub) {
      this.stopIndex = pollIndex((index) => {
        this.index = index;
        this.editor?.update(index.round, index.boards);
        this.render();
      }, edit ? 2000 : 5000);
    }
    this.render();
  }

  destroy(): void {
    window.clearInterval(this.timer);
    this.unsubscribe();
    this.stopIndex();
  }

  render(): void {
    const grid = this.root.querySelector('.boards') as HTMLElement;
    const indexed = new Map((this.index?.boards ?? []).map((b) => [b.board, b]));
    // a guest's board of board against board mirrors its host's game: the host's card shows it
    const views = this.store.views(this.event).filter((v) => v.state !== null && !isGuestBoard(v.state.players))
      .sort((a, b) => (indexed.get(a.board)?.number ?? 1e9) - (indexed.get(b.board)?.number ?? 1e9));
    (this.root.querySelector('.empty') as HTMLElement).hidden = views.length > 0;
    (this.root.querySelector('.round') as HTMLElement).textContent = this.index ? t('round', { n: this.index.round }) : '';
    (this.root.querySelector('.match') as HTMLElement).textContent = (this.index?.match ?? []).map((m) =>
      t('teamMatch', { a: m.teams[0], b: m.teams[1], w: m.wins[0], l: m.wins[1],
        d: m.draws > 0 ? t('teamDraws', { n: m.draws }) : '' })
      + (m.finished < m.games ? t('teamPlaying', { n: m.games - m.finished }) : '')).join(' ');
    const shown: HTMLAnchorElement[] = [];
    for (const view of views) {
      const entry = indexed.get(view.board);
      const live = view.state!;
      // the organiser's names (a pairing) where the board has only its defaults
      const state = entry ? { ...live, players: { black: { ...live.players.black, name: entry.sente.name },
        white: { ...live.players.white, name: entry.gote.name } } } : live;
      const card = this.cards.get(view.board) ?? document.createElement('a');
      this.cards.set(view.board, card);
      card.className = `mini ${view.online === false ? 'offline' : 'online'}`;
      card.href = `#/board/${encodeURIComponent(this.event)}/${encodeURIComponent(view.board)}`;
      card.dataset.board = view.board;
      const clocks = liveClock(state.result ? { ...state.clock, running: null } : state.clock, Date.now() - view.receivedAt);
      const head = document.createElement('div');
      head.className = 'mini-head';
      const name = entry ? `${t('boardNumber', { n: entry.number })} (${view.board}) · ${t('round', { n: entry.round })}` : view.board;
      head.textContent = `${name} · ${t('moveCount', { n: state.moves.length })}${view.online === false ? ` · ${t('offline')}` : ''}`;
      const players = document.createElement('div');
      players.className = 'mini-players';
      for (const side of ['black', 'white'] as const) {
        const p = document.createElement('div');
        p.className = `mini-player ${side}${!state.result && state.sideToMove === side ? ' to-move' : ''}`;
        const tc = state.clock.timeControl;
        const timed = tc.mainMillis + tc.byoyomiMillis + tc.incrementMillis > 0;
        const handicap = isHandicap(state.startSfen);
        p.textContent = `${sideLabel(side, handicap)} ${playerLabel(state.players[side], side, handicap)}`
          + (timed ? ' ' + clockText(clocks[side], state.clock.running === side ? clocks.byoyomi : tc.byoyomiMillis,
            tc.byoyomiMillis, formatClock) : '');
        players.append(p);
      }
      const svg = document.createElement('div');
      svg.className = 'mini-board';
      svg.innerHTML = this.miniature(view.board, state.sfen);
      const result = document.createElement('div');
      result.className = 'mini-result';
      if (state.result) {
        result.textContent = resultText(state.result, state.moves.length,
          { black: playerLabel(state.players.black, 'black', isHandicap(state.startSfen)),
          white: playerLabel(state.players.white, 'white', isHandicap(state.startSfen)) }, isHandicap(state.startSfen));
      }
      card.replaceChildren(head, svg, players, result);
      shown.push(card);
    }
    for (const [board, card] of this.cards) {
      if (!shown.includes(card)) {
        card.remove();
        this.cards.delete(board);
      }
    }
    // a card already in its place is not moved: moving it is taking it out of the page, and a press on it is lost
    shown.forEach((card, i) => {
      if (grid.children[i] !== card) grid.insertBefore(card, grid.children[i] ?? null);
    });
    this.renderStandings();
  }

  /** The event's standings from the hub's index: rank, name, points, wins-losses-draws. */
  private renderStandings(): void {
    const section = this.root.querySelector('.standings') as HTMLElement;
    const standings = this.index?.standings ?? [];
    section.hidden = standings.length === 0;
    if (section.hidden) return;
    const rank = ranks(standings);
    section.innerHTML = `<h2></h2><table><thead><tr><th></th><th></th><th></th><th></th></tr></thead><tbody></tbody></table>`;
    section.querySelector('h2')!.textContent = t('standings');
    const heads = section.querySelectorAll('th');
    [t('rank'), t('searchPlayer'), t('points'), t('winsLosses')].forEach((text, i) => { heads[i].textContent = text; });
    const body = section.querySelector('tbody')!;
    standings.forEach((s, i) => {
      const row = body.insertRow();
      for (const text of [String(rank[i]), s.name, String(s.points), `${s.wins}-${s.losses}-${s.draws}`]) {
        row.insertCell().textContent = text;
      }
    });
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
