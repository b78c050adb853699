// The arbiter's edits on the hub's event page (signed in with an account the club broker lets write the hub's
// commands): the round the games now starting belong to, and each board's players for that round. Each edit is one
// command to the hub (shogi/v1/<event>/_hub/cmd/round or cmd/pairing), answered like a board's command.

import { CommandReply } from '../live/connection';
import { IndexBoard } from './eventIndex';
import { t } from './i18n';

export type HubCommand = (verb: string, fields: Record<string, unknown>) => Promise<CommandReply>;

export class HubEditor {
  private boardsShown = '';

  constructor(private readonly section: HTMLElement, private readonly send: HubCommand) {
    section.hidden = false;
    section.innerHTML = `<h2></h2><form class="round-form"><label><span></span> <input name="round" type="number" min="1"
      max="1000" required></label> <button></button></form><table class="pairing-table"><thead><tr><th></th><th></th><th></th>
      <th></th></tr></thead><tbody></tbody></table><p class="edit-answer" role="status"></p>`;
    section.querySelector('h2')!.textContent = t('editEvent');
    section.querySelector('.round-form span')!.textContent = t('roundLabel');
    section.querySelector('.round-form button')!.textContent = t('setRound');
    const heads = section.querySelectorAll('th');
    [t('board'), t('sente'), t('gote'), ''].forEach((text, i) => { heads[i].textContent = text; });
    const form = section.querySelector('form')!;
    form.onsubmit = (e) => {
      e.preventDefault();
      const round = Number((form.elements.namedItem('round') as HTMLInputElement).value);
      void this.answer(this.send('round', { round }));
    };
  }

  /** Show the index's boards and round; the rows are made again only when the boards change (typing is kept). */
  update(round: number, boards: readonly IndexBoard[]): void {
    const input = this.section.querySelector('input[name="round"]') as HTMLInputElement;
    if (document.activeElement !== input) input.value = String(round);
    const shown = boards.map((b) => `${b.board}/${b.round}`).join(',');
    if (shown === this.boardsShown) return;
    this.boardsShown = shown;
    const body = this.section.querySelector('tbody')!;
    body.textContent = '';
    for (const b of boards) {
      const row = body.insertRow();
      row.dataset.board = b.board;
      row.insertCell().textContent = `${t('boardNumber', { n: b.number })} (${b.board}) ${t('round', { n: b.round })}`;
      const sente = document.createElement('input');
      sente.name = 'sente';
      sente.value = b.sente.name;
      const gote = document.createElement('input');
      gote.name = 'gote';
      gote.value = b.gote.name;
      const save = document.createElement('button');
      save.textContent = t('save');
      save.onclick = () => void this.answer(this.send('pairing', { round: b.round, board: b.board, sente: sente.value, gote: gote.value }));
      row.insertCell().append(sente);
      row.insertCell().append(gote);
      row.insertCell().append(save);
    }
  }

  private async answer(reply: Promise<CommandReply>): Promise<void> {
    const line = this.section.querySelector('.edit-answer') as HTMLElement;
    try {
      const r = await reply;
      line.textContent = r.ok ? t('saved') : String(r.error ?? t('refused'));
    } catch (e) {
      line.textContent = e instanceof Error ? e.message : String(e);
    }
  }
}
