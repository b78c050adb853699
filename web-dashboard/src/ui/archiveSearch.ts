// The hub's archive (#/archive): every kept game of every event, searched by player, event, date and result
// (/archive/search.json); each found game opens in the board view (#/game/<id>), and what a search found downloads
// as one multi-game KIF or a zip.

import { t } from './i18n';

/** One game as the archive lists it. */
export interface ArchiveEntry {
  id: string;
  event: string;
  title: string;
  round: number;
  board: string;
  sente: string;
  gote: string;
  date: string;
  result: string;
  ending: string;
  moves: number;
  opening: string;
}

const FIELDS = ['player', 'event', 'from', 'to', 'result'] as const;

/** The query string of a search form's values, leaving out the empty ones. */
export function searchQuery(values: Partial<Record<(typeof FIELDS)[number], string>>): string {
  const q = new URLSearchParams();
  for (const field of FIELDS) {
    const value = values[field]?.trim();
    if (value) q.set(field, value);
  }
  return q.toString();
}

/** A result as the list shows it: 先手勝ち, 後手勝ち, 引き分け or nothing (unfinished). */
export function resultWords(result: string): string {
  return result === '1-0' ? t('senteWon') : result === '0-1' ? t('goteWon') : result === '½-½' ? t('draw') : '';
}

export class ArchivePage {
  private alive = true;

  constructor(private readonly root: HTMLElement) {
    root.innerHTML = `<section class="archive-page"><h1></h1>
      <form class="archive-search">
        <label><span></span> <input name="player" autocomplete="off"></label>
        <label><span></span> <input name="event" autocomplete="off"></label>
        <label><span></span> <input name="from" type="date"></label>
        <label><span></span> <input name="to" type="date"></label>
        <label><span></span> <select name="result"><option value=""></option><option value="1-0"></option>
          <option value="0-1"></option><option value="½-½"></option></select></label>
        <button></button>
      </form>
      <p class="found"></p><p class="downloads"></p><ul class="games"></ul></section>`;
    root.querySelector('h1')!.textContent = t('archive');
    const labels = root.querySelectorAll('label span');
    [t('searchPlayer'), t('searchEvent'), t('dateFrom'), t('dateTo'), t('resultLabel')]
      .forEach((text, i) => { labels[i].textContent = text; });
    const options = root.querySelectorAll('option');
    [t('anyResult'), t('senteWon'), t('goteWon'), t('draw')].forEach((text, i) => { options[i].textContent = text; });
    root.querySelector('button')!.textContent = t('search');
    const form = root.querySelector('form')!;
    form.onsubmit = (e) => {
      e.preventDefault();
      const values: Record<string, string> = {};
      for (const field of FIELDS) values[field] = (form.elements.namedItem(field) as HTMLInputElement).value;
      void this.search(searchQuery(values));
    };
    void this.search('');
  }

  destroy(): void {
    this.alive = false;
  }

  private async search(query: string): Promise<void> {
    let games: ArchiveEntry[] = [];
    try {
      const response = await fetch(`archive/search.json?${query}`, { cache: 'no-store' });
      games = response.ok ? ((await response.json()) as { games: ArchiveEntry[] }).games : [];
    } catch {
      games = [];
    }
    if (!this.alive) return;
    this.root.querySelector('.found')!.textContent = games.length ? t('found', { n: games.length }) : t('noGames');
    const downloads = this.root.querySelector('.downloads') as HTMLElement;
    downloads.textContent = '';
    downloads.hidden = games.length === 0;
    for (const [label, file] of [[t('downloadKif'), 'download.kifu'], [t('downloadZip'), 'download.zip']]) {
      const a = document.createElement('a');
      a.textContent = label;
      a.href = `archive/${file}?${query}`;
      a.download = file === 'download.kifu' ? 'games.kifu' : 'games.zip';
      downloads.append(a, ' ');
    }
    const list = this.root.querySelector('.games') as HTMLElement;
    list.textContent = '';
    for (const game of games) {
      const item = document.createElement('li');
      item.dataset.game = game.id;
      const open = document.createElement('a');
      open.href = `#/game/${encodeURIComponent(game.id)}`;
      // Only what the game has: an imported record may have no event, round or board.
      const heading = [game.date, game.title || game.event, game.round ? t('round', { n: game.round }) : '', game.board]
        .filter((part) => part).join(' ');
      open.textContent = `${heading ? heading + ': ' : ''}☗${game.sente} ☖${game.gote}`;
      const detail = document.createElement('span');
      detail.className = 'detail';
      detail.textContent = ` ${resultWords(game.result)} ${game.ending} ${t('movesShort', { n: game.moves })} · ${game.opening}`;
      const kif = document.createElement('a');
      kif.href = `archive/game/${encodeURIComponent(game.id)}.kifu`;
      kif.textContent = 'KIF';
      kif.download = '';
      item.append(open, detail, ' ', kif);
      list.append(item);
    }
  }
}
