// The board's recorded games, served by the daemon (/games/index.json): the list (#/games), newest first under each
// day, and one game (#/game/<id>) opened in the board view with stepping and its downloads, as a finished game that
// no broker needs to carry.

import { BoardStore } from '../live/store';
import { Connection } from '../live/connection';
import { DashboardSettings } from '../live/settings';
import { BoardPage } from './boardView';
import { language, t } from './i18n';

/** 「2026-11-26 14:03」 and the board, from an id the daemon gives a game (yyyyMMdd-HHmmss-board). */
export function describeGameId(id: string): { day: string; time: string; board: string } {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-?(.*)$/.exec(id);
  if (!m) return { day: '', time: id, board: '' };
  return { day: `${m[1]}-${m[2]}-${m[3]}`, time: `${m[4]}:${m[5]}`, board: m[7] };
}

export class GamesPage {
  private alive = true;

  constructor(root: HTMLElement) {
    root.innerHTML = `<section class="games-page"><h1>${t('allGames')}</h1><p class="empty"></p><div class="days"></div></section>`;
    void this.load(root);
  }

  destroy(): void {
    this.alive = false;
  }

  private async load(root: HTMLElement): Promise<void> {
    let ids: string[] = [];
    try {
      const response = await fetch('games/index.json', { cache: 'no-store' });
      ids = response.ok ? ((await response.json()) as { games: string[] }).games : [];
    } catch {
      ids = [];
    }
    if (!this.alive) return;
    (root.querySelector('.empty') as HTMLElement).textContent = ids.length ? '' : t('noGames');
    const days = root.querySelector('.days') as HTMLElement;
    let list: HTMLElement | null = null;
    let day = '';
    for (const id of ids) {
      const described = describeGameId(id);
      if (described.day !== day || !list) {
        day = described.day;
        const heading = document.createElement('h2');
        heading.textContent = day;
        list = document.createElement('ul');
        list.className = 'games';
        days.append(heading, list);
      }
      const item = document.createElement('li');
      const open = document.createElement('a');
      open.href = `#/game/${encodeURIComponent(id)}`;
      open.textContent = `${described.time} ${described.board}`;
      open.dataset.game = id;
      item.append(open, ' ');
      for (const [label, ext] of [['KIF', 'kifu'], ['CSA', 'csa']]) {
        const a = document.createElement('a');
        a.href = `games/${encodeURIComponent(id)}.${ext}`;
        a.textContent = label;
        a.download = '';
        item.append(a, ' ');
      }
      list.append(item);
    }
  }
}

/** One recorded game in the board view: fetched once, shown from its own store, stepped like a live one. */
export class ArchivedGamePage {
  private page: BoardPage | null = null;
  private alive = true;

  constructor(root: HTMLElement, id: string, connection: Connection, settings: DashboardSettings) {
    root.textContent = t('waitingForBoard');
    void this.load(root, id, connection, settings);
  }

  destroy(): void {
    this.alive = false;
    this.page?.destroy();
  }

  private async load(root: HTMLElement, id: string, connection: Connection, settings: DashboardSettings): Promise<void> {
    const base = settings.hub ? 'archive/game' : 'games'; // a hub's archive, or the daemon's own games
    const response = await fetch(`${base}/${encodeURIComponent(id)}.json`, { cache: 'no-store' });
    if (!this.alive) return;
    if (!response.ok) {
      root.textContent = t('noSuchGame', { id });
      return;
    }
    const state = await response.json() as { event: string; board: string };
    const store = new BoardStore(settings.root);
    store.receive(`${settings.root}/${state.event}/${state.board}/state`, JSON.stringify(state));
    // A game carries its review once it is done (docs/learning.md): the daemon's beside it, the hub's as the board sent it.
    const reviewed = await fetch(`${base}/${encodeURIComponent(id)}.review.json`, { cache: 'no-store' }).catch(() => null);
    if (!this.alive) return;
    if (reviewed?.ok) {
      store.receive(`${settings.root}/${state.event}/${state.board}/review`, await reviewed.text());
    }
    const archived = { ...settings, simulated: false, commands: false };
    this.page = new BoardPage(root, store, state.event, state.board, connection, archived, id);
    document.documentElement.lang = language();
  }
}
