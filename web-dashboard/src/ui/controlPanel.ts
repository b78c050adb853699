// The control panel of a board whose page may send commands (the daemon's own page, or ?panel): the arbiter's controls
// for every board — a new game set up in a dialog, resign for either side, takeback, hint, the clock (start, pause,
// set a side's time) and a declared result with its reason. On a simulated board also its play: click a piece (or a
// piece on a komadai) and then a square, and the simulated hands make that move through the sensor path (cmd/sim
// play), with a choice when a promotion is optional, and its clock buttons. Answers and errors show as text.

import { Connection } from '../live/connection';
import { BoardView } from '../live/store';
import { Position, Side, Square, formatSquare, parseSquare } from '../shogi/position';
import { PROMOTABLE, inZone } from '../shogi/notation';
import { escapeXml } from './escape';
import { refusal, t } from './i18n';
import { NewGameDialog, choiceFrom, newGameFields } from './newGameDialog';

export type Selection = Square | { side: Side; letter: string };

export class ControlPanel {
  selection: Selection | null = null;
  /** The last hint (USI) and the number of moves the game had when it came: drawn as an arrow while still current. */
  hint: { usi: string; ply: number } | null = null;
  /** How many moves the game has now (the board view tells). */
  plyNow: () => number = () => 0;
  /** The board as it is now, which the new-game dialog starts from (the board view tells). */
  viewNow: () => BoardView | null = () => null;
  private readonly dialog: NewGameDialog;
  private readonly message: HTMLElement;

  constructor(root: HTMLElement, private readonly connection: Connection, private readonly event: string,
              private readonly board: string, private readonly simulated: boolean, variant = 'standard',
              usiEngine: string | null = null) {
    const play = simulated ? `<p class="hint-text">${t('clickHint')}</p>
      <div class="buttons sim-buttons">
        <button data-verb="press" data-side="black">${t('blackClock')}</button><button data-verb="press" data-side="white">${t('whiteClock')}</button>
        <button data-verb="resign">${t('resign')}</button>
        <button data-verb="sim-set-up" title="${t('setUpBoardTitle')}">${t('setUpBoard')}</button>
      </div>` : '';
    root.innerHTML = `<h2>${simulated ? t('playSimulated') : t('arbiter')}</h2>${play}
      <div class="buttons arbiter-buttons">
        <button data-verb="new-game">${t('newGame')}</button><button data-verb="takeback">${t('takeback')}</button>
        <button data-verb="hint">${t('hint')}</button>
        <button data-verb="resign" data-side="black">${t('resignFor', { side: '☗' })}</button>
        <button data-verb="resign" data-side="white">${t('resignFor', { side: '☖' })}</button>
        <label class="tutor" title="${t('tutorTitle')}"><input type="checkbox" class="tutor-switch"> ${t('tutor')}</label>
      </div>
      <div class="buttons tsume-buttons" hidden>
        <select class="tsume-choice" aria-label="${t('tsume')}"></select>
        <button data-tsume title="${t('tsumeTitle')}">${t('tsume')}</button>
      </div>
      <div class="buttons clock-buttons">
        <button data-clock="start">${t('clockStart')}</button><button data-clock="pause">${t('clockPause')}</button>
        <select class="clock-side" aria-label="${t('clockTime')}"><option value="black">☗</option><option value="white">☖</option></select>
        <input class="clock-time" value="10:00" size="6" aria-label="${t('clockTime')}" title="${t('clockTime')}">
        <button data-clock="set">${t('clockSet')}</button>
      </div>
      <div class="buttons result-buttons">
        <select class="result-winner" aria-label="${t('declare')}"><option value="black">${t('winsBlack')}</option>
          <option value="white">${t('winsWhite')}</option><option value="draw">${t('draw')}</option></select>
        <select class="result-reason" aria-label="${t('declare')}">
          <option value="resignation">${t('reasonResignation')}</option><option value="time-forfeit">${t('reasonTime')}</option>
          <option value="illegal-move">${t('reasonIllegal')}</option><option value="sennichite">${t('reasonSennichite')}</option>
          <option value="perpetual-check">${t('reasonPerpetual')}</option><option value="impasse">${t('reasonImpasse')}</option>
          <option value="max-moves">${t('reasonMaxMoves')}</option></select>
        <button data-result>${t('declare')}</button>
      </div>
      <div class="promotion" hidden><span>${t('promote')}</span> <button data-promote="yes">${t('doPromote')}</button>
        <button data-promote="no">${t('noPromote')}</button></div>
      <p class="panel-message" role="status"></p>`;
    this.message = root.querySelector('.panel-message') as HTMLElement;
    root.querySelectorAll<HTMLButtonElement>('button[data-verb]').forEach((b) => {
      b.onclick = () => (b.dataset.verb === 'new-game' ? this.newGame() : this.button(b.dataset.verb!, b.dataset.side));
    });
    root.querySelectorAll<HTMLButtonElement>('button[data-clock]').forEach((b) => {
      b.onclick = () => this.clock(b.dataset.clock!);
    });
    (root.querySelector('button[data-result]') as HTMLButtonElement).onclick = () => this.declare();
    this.tutorSwitch = root.querySelector('.tutor-switch') as HTMLInputElement;
    this.tutorSwitch.onchange = () => void this.tutor(this.tutorSwitch.checked);
    this.dialog = new NewGameDialog(root, variant, usiEngine);
    this.tsumeChoice = root.querySelector('.tsume-choice') as HTMLSelectElement;
    this.tsumeChoice.onfocus = () => void this.loadTsume(); // the progress may have changed since
    (root.querySelector('button[data-tsume]') as HTMLButtonElement).onclick = () => void this.tsume();
    void this.loadTsume();
    this.promotionBox = root.querySelector('.promotion') as HTMLElement;
  }

  private readonly promotionBox: HTMLElement;
  private readonly tsumeChoice: HTMLSelectElement;

  /**
   * The built-in tsume with this board's progress (/tsume.json, the daemon's own page only: elsewhere the controls
   * stay hidden), each a choice marked ✓ once solved; the board's next unsolved one chosen.
   */
  private async loadTsume(): Promise<void> {
    try {
      const response = await fetch('tsume.json', { cache: 'no-store' });
      if (!response.ok) {
        return;
      }
      const set = await response.json() as { problems: Array<{ id: string; plies: number; solved: boolean }>; last: string | null };
      const chosen = this.tsumeChoice.value;
      this.tsumeChoice.innerHTML = set.problems.map((p) => `<option value="${escapeXml(p.id)}">${escapeXml(
        t('tsumeOption', { id: p.id, plies: p.plies, solved: p.solved ? ' ✓' : '' }))}</option>`).join('');
      const lastAt = set.problems.findIndex((p) => p.id === set.last);
      const next = set.problems.find((p, i) => i > lastAt && !p.solved) ?? set.problems.find((p) => !p.solved);
      this.tsumeChoice.value = chosen || next?.id || set.problems[0]?.id || '';
      (this.tsumeChoice.parentElement as HTMLElement).hidden = set.problems.length === 0;
    } catch {
      // no set on this page's server (a hub): no tsume controls
    }
  }

  /** Set the chosen tsume (cmd/tsume): the board guides its set-up on the LEDs, the status says each step. */
  private async tsume(): Promise<void> {
    const reply = await this.connection.command(this.event, this.board, 'tsume', { problem: this.tsumeChoice.value });
    this.say(reply.ok ? t('tsumeChosen', { id: String(reply.tsume), plies: String(reply.plies) }) : refusal(reply));
  }
  private readonly tutorSwitch: HTMLInputElement;

  /** Show whether the board's tutor is on, as its state says (a switch being changed is left alone). */
  showTutor(on: boolean): void {
    if (document.activeElement !== this.tutorSwitch) {
      this.tutorSwitch.checked = on;
    }
  }

  /** Turn the tutor on or off (cmd/tutor); the next state shows the switch as the daemon has it. */
  private async tutor(on: boolean): Promise<void> {
    const reply = await this.connection.command(this.event, this.board, 'tutor', { on });
    if (!reply.ok) {
      this.say(refusal(reply));
    }
  }
  private get root(): HTMLElement {
    return this.message.parentElement!;
  }

  private say(text: string, hint?: string): void {
    this.message.textContent = text;
    if (hint) {
      this.message.dataset.hint = hint; // the hint's USI, for the board drawing and tests; the text is notation
    } else {
      delete this.message.dataset.hint;
    }
  }

  private async button(verb: string, side?: string): Promise<void> {
    const reply = verb === 'press' || verb === 'sim-set-up'
      ? await this.connection.command(this.event, this.board, 'sim', verb === 'press' ? { action: 'press', side } : { action: 'set-up' })
      : await this.connection.command(this.event, this.board, verb, side ? { side } : {});
    if (!reply.ok) {
      this.say(refusal(reply));
    } else if (verb === 'hint') {
      this.say(t('hintIs', { move: String(reply.japanese ?? reply.hint) }), String(reply.hint));
      this.hint = { usi: String(reply.hint), ply: this.plyNow() };
      document.dispatchEvent(new CustomEvent('board-selection')); // the board view draws the arrow
    } else {
      this.say(verb === 'press' ? t('clockPressed') : verb === 'sim-set-up' ? t('boardSetUp')
        : verb === 'resign' ? t('resigned') : t('takenBack'));
    }
  }

  /** Open the new-game dialog from the game on the board, and send what the player chose. */
  private async newGame(): Promise<void> {
    const view = this.viewNow();
    const choice = await this.dialog.open(choiceFrom(view?.state ?? null, (view?.analysis.size ?? 0) > 0));
    if (!choice) return;
    const reply = await this.connection.command(this.event, this.board, 'new-game', newGameFields(choice));
    this.say(reply.ok ? t('gameStarted') : refusal(reply));
  }

  private async clock(action: string): Promise<void> {
    const fields: Record<string, unknown> = { action };
    if (action === 'set') {
      const text = (this.root.querySelector('.clock-time') as HTMLInputElement).value.trim();
      const m = /^(\d{1,3}):([0-5]\d)$/.exec(text);
      if (!m) {
        this.say(t('badTime'));
        return;
      }
      fields.side = (this.root.querySelector('.clock-side') as HTMLSelectElement).value;
      fields.seconds = Number(m[1]) * 60 + Number(m[2]);
    }
    const reply = await this.connection.command(this.event, this.board, 'clock', fields);
    const done = action === 'start' ? t('clockStarted') : action === 'pause' ? t('clockPaused') : t('clockWasSet');
    this.say(reply.ok ? done : refusal(reply));
  }

  private async declare(): Promise<void> {
    const winner = (this.root.querySelector('.result-winner') as HTMLSelectElement).value;
    const reason = (this.root.querySelector('.result-reason') as HTMLSelectElement).value;
    const reply = await this.connection.command(this.event, this.board, 'result', { winner, reason });
    this.say(reply.ok ? t('declared') : refusal(reply));
  }

  /** A click on the board's SVG: select, move or drop. */
  click(e: Event, view: BoardView | null, positions: Position[]): void {
    const state = view?.state;
    if (!this.simulated || !state || state.result || positions.length === 0) {
      return;
    }
    const position = positions[positions.length - 1];
    const target = e.target as Element;
    const hand = target.closest('[data-hand]')?.getAttribute('data-hand');
    const squareName = target.closest('[data-square],[data-piece-square]');
    const name = squareName?.getAttribute('data-square') ?? squareName?.getAttribute('data-piece-square');
    if (hand) {
      const [side, letter] = hand.split(':');
      this.select(side === position.sideToMove ? { side: side as Side, letter } : null);
      return;
    }
    if (!name) {
      return;
    }
    const square = parseSquare(name, position.variant);
    const piece = position.at(square);
    const correction = state.boardStatus?.status === 'correction-needed' ? state.boardStatus.squares ?? [] : [];
    if (correction.includes(name)) {
      // A square the board asks to fix: a piece stands where the game has none (lift it), or is missing where the
      // game has one (put it back); the board then reads it as the real board would.
      this.select(null);
      void this.simulate(piece ? { action: 'place', square: name } : { action: 'lift', square: name });
      return;
    }
    const selected = this.selection;
    if (piece && piece.side === position.sideToMove) {
      this.select(square); // (re)select one's own piece
      return;
    }
    if (!selected) {
      return;
    }
    if (!('file' in selected)) {
      void this.play(`${selected.letter}*${name}`);
      return;
    }
    const mover = position.at(selected)!;
    const usi = formatSquare(selected) + name;
    const side = position.sideToMove;
    const zone = inZone(selected.rank, side, position.variant) || inZone(square.rank, side, position.variant);
    if (!mover.promoted && PROMOTABLE.has(mover.letter) && zone) {
      this.askPromotion(usi);
      return;
    }
    void this.play(usi);
  }

  private select(selection: Selection | null): void {
    this.selection = selection;
    this.promotionBox.hidden = true;
    document.dispatchEvent(new CustomEvent('board-selection'));
  }

  private askPromotion(usi: string): void {
    this.promotionBox.hidden = false;
    this.promotionBox.querySelectorAll<HTMLButtonElement>('button').forEach((b) => {
      b.onclick = () => {
        this.promotionBox.hidden = true;
        // A forced promotion (a pawn on the last rank) is only legal with "+"; the daemon says so if declined.
        void this.play(b.dataset.promote === 'yes' ? usi + '+' : usi);
      };
    });
  }

  private async simulate(fields: Record<string, unknown>): Promise<void> {
    const reply = await this.connection.command(this.event, this.board, 'sim', fields);
    this.say(reply.ok ? t('fixed') : refusal(reply));
  }

  private async play(usi: string): Promise<void> {
    this.select(null);
    this.say(t('playing'));
    const reply = await this.connection.command(this.event, this.board, 'sim', { action: 'play', usi });
    this.say(reply.ok ? t('played') : refusal(reply));
  }
}
