// The new-game dialog, as ShogiHome's: handicap, each side (a person with a name, the built-in engine at a level, or
// the configured USI engine), time control (the club presets or any main time, byoyomi and increment), casual or
// tournament, and the evaluation graph, all on one screen. It sends one `new-game` command with every field; the
// daemon checks each and answers, and the answer is shown where the dialog was opened.

import { GameStateMessage, PlayerInfo } from '../live/store';
import { WordKey, language, t } from './i18n';

/** The fifteen handicaps: the id the daemon reads, then the Japanese and English names. */
export const HANDICAPS: ReadonlyArray<readonly [string, string, string]> = [
  ['lance', '香落ち', 'Lance'],
  ['right-lance', '右香落ち', 'Right lance'],
  ['bishop', '角落ち', 'Bishop'],
  ['rook', '飛車落ち', 'Rook'],
  ['rook-lance', '飛香落ち', 'Rook and lance'],
  ['two-pieces', '二枚落ち', 'Two pieces'],
  ['three-pieces', '三枚落ち', 'Three pieces'],
  ['four-pieces', '四枚落ち', 'Four pieces'],
  ['five-pieces', '五枚落ち', 'Five pieces'],
  ['left-five-pieces', '左五枚落ち', 'Left five pieces'],
  ['six-pieces', '六枚落ち', 'Six pieces'],
  ['left-seven-pieces', '左七枚落ち', 'Left seven pieces'],
  ['right-seven-pieces', '右七枚落ち', 'Right seven pieces'],
  ['eight-pieces', '八枚落ち', 'Eight pieces'],
  ['ten-pieces', '十枚落ち', 'Ten pieces'],
];

/** A time control in seconds, as the `new-game` command takes it. */
export interface TimeSeconds {
  readonly main: number;
  readonly byoyomi: number;
  readonly increment: number;
}

/** The usual club presets, named as a club says them. */
export const PRESETS: ReadonlyArray<readonly [string, string, string, TimeSeconds]> = [
  ['none', 'なし', 'No clock', { main: 0, byoyomi: 0, increment: 0 }],
  ['10+30', '10分+秒読み30秒', '10 min + 30 s byoyomi', { main: 600, byoyomi: 30, increment: 0 }],
  ['30s', '30秒将棋', '30 s per move', { main: 0, byoyomi: 30, increment: 0 }],
  ['15+60', '15分+秒読み60秒', '15 min + 60 s byoyomi', { main: 900, byoyomi: 60, increment: 0 }],
  ['20', '20分切れ負け', '20 min sudden death', { main: 1200, byoyomi: 0, increment: 0 }],
  ['40+60', '40分+秒読み60秒', '40 min + 60 s byoyomi', { main: 2400, byoyomi: 60, increment: 0 }],
  ['5+10f', '5分+加算10秒', '5 min + 10 s increment', { main: 300, byoyomi: 0, increment: 10 }],
];

export interface SideChoice {
  readonly type: 'human' | 'engine' | 'usi';
  readonly name: string;
  readonly level: number;
}

export interface NewGameChoice {
  /** A handicap id, or '' for an even game. */
  readonly handicap: string;
  readonly black: SideChoice;
  readonly white: SideChoice;
  readonly time: TimeSeconds;
  readonly mode: 'casual' | 'tournament';
  readonly analysis: boolean;
}

/** The `new-game` command's fields for a choice: only what the daemon reads, a person's empty name left to it. */
export function newGameFields(choice: NewGameChoice): Record<string, unknown> {
  const side = (s: SideChoice) => s.type === 'human' ? (s.name.trim() ? { type: 'human', name: s.name.trim() } : { type: 'human' })
    : s.type === 'engine' ? { type: 'engine', level: s.level } : { type: 'usi' };
  const fields: Record<string, unknown> = {
    time: { 'main-seconds': choice.time.main, 'byoyomi-seconds': choice.time.byoyomi, 'increment-seconds': choice.time.increment },
    mode: choice.mode,
    analysis: choice.analysis,
    black: side(choice.black),
    white: side(choice.white),
  };
  if (choice.handicap) fields.handicap = choice.handicap;
  return fields;
}

/** The preset a time control is, or 'custom'. */
export function presetOf(time: TimeSeconds): string {
  const found = PRESETS.find(([, , , p]) => p.main === time.main && p.byoyomi === time.byoyomi && p.increment === time.increment);
  return found ? found[0] : 'custom';
}

/** What the dialog starts from: the game on the board, so "next game, same set-up" is one click. */
export function choiceFrom(state: GameStateMessage | null, analysis: boolean): NewGameChoice {
  const side = (p: PlayerInfo | undefined, fallback: string): SideChoice => ({
    // an online opponent, a tsume's defender or a person at another board is no choice for a game on the board
    // alone: the dialog offers a person there
    type: p === undefined || p.type === 'online' || p.type === 'tsume' || p.type === 'board' ? 'human' : p.type,
    name: p?.type === 'human' && p.name !== fallback && !['先手', '後手', 'Sente', 'Gote'].includes(p.name) ? p.name : '',
    level: p?.level ?? 3,
  });
  const tc = state?.clock.timeControl;
  return {
    handicap: '',
    black: side(state?.players.black, 'Sente'),
    white: side(state?.players.white, 'Gote'),
    time: tc ? { main: tc.mainMillis / 1000, byoyomi: tc.byoyomiMillis / 1000, increment: tc.incrementMillis / 1000 }
      : PRESETS[1][3],
    mode: state?.mode === 'tournament' ? 'tournament' : 'casual',
    analysis,
  };
}

const name = (ja: string, en: string) => (language() === 'ja' ? ja : en);

/** The dialog element; {@link open} shows it filled from a choice, and resolves with the new one or null. */
export class NewGameDialog {
  readonly element: HTMLDialogElement;
  private resolve: ((choice: NewGameChoice | null) => void) | null = null;

  constructor(parent: HTMLElement, private readonly variant: string, private readonly usiEngine: string | null) {
    const levels = Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
    const sideFields = (side: 'black' | 'white') => `
      <fieldset class="side-choice" data-side="${side}"><legend></legend>
        <select name="${side}-type" aria-label="${t('human')}/${t('computer')}">
          <option value="human">${t('human')}</option><option value="engine">${t('computer')}</option>
          ${usiEngine ? `<option value="usi"></option>` : ''}
        </select>
        <input name="${side}-name" placeholder="${t('playerName')}" aria-label="${t('playerName')}" maxlength="40">
        <label class="level-choice">${t('levelLabel')} <select name="${side}-level">${levels}</select></label>
      </fieldset>`;
    const handicaps = HANDICAPS.map(([id, ja, en]) => `<option value="${id}">${name(ja, en)}</option>`).join('');
    const presets = PRESETS.map(([id, ja, en]) => `<option value="${id}">${name(ja, en)}</option>`).join('');
    this.element = document.createElement('dialog');
    this.element.className = 'new-game-dialog';
    this.element.innerHTML = `<form method="dialog">
      <h2>${t('newGameTitle')}</h2>
      <label class="handicap-choice" ${variant === 'standard' ? '' : 'hidden'}>${t('handicap')}
        <select name="handicap"><option value="">${t('even')}</option>${handicaps}</select></label>
      ${sideFields('black')}${sideFields('white')}
      <fieldset class="time-choice"><legend>${t('timeControl')}</legend>
        <select name="preset">${presets}<option value="custom">${t('custom')}</option></select>
        <span class="custom-time">
          <label><input name="main" type="number" min="0" max="600" step="1"> ${t('minutes')}</label>
          <label><input name="byoyomi" type="number" min="0" max="600" step="1"> ${t('byoyomiSeconds')}</label>
          <label><input name="increment" type="number" min="0" max="600" step="1"> ${t('incrementSeconds')}</label>
        </span>
      </fieldset>
      <label>${t('mode')} <select name="mode"><option value="casual">${t('casual')}</option>
        <option value="tournament">${t('tournament')}</option></select></label>
      <label><input name="analysis" type="checkbox"> ${t('analysisLabel')}</label>
      <menu><button value="cancel" formnovalidate>${t('cancel')}</button><button value="start" class="start-game">${t('startGame')}</button></menu>
    </form>`;
    parent.append(this.element);
    const usi = this.element.querySelectorAll<HTMLOptionElement>('option[value="usi"]');
    usi.forEach((o) => { o.textContent = t('usiEngine', { name: usiEngine ?? '' }); }); // the engine's name is outside text
    this.form.onchange = () => this.showFields();
    this.element.addEventListener('close', () => {
      const started = this.element.returnValue === 'start';
      this.resolve?.(started ? this.read() : null);
      this.resolve = null;
    });
  }

  private get form(): HTMLFormElement {
    return this.element.querySelector('form')!;
  }

  private field<T extends HTMLInputElement | HTMLSelectElement>(fieldName: string): T {
    return this.form.elements.namedItem(fieldName) as T;
  }

  /** Show the dialog filled from a choice; resolves with the player's choice, or null if cancelled. */
  open(choice: NewGameChoice): Promise<NewGameChoice | null> {
    this.field('handicap').value = this.variant === 'standard' ? choice.handicap : '';
    for (const side of ['black', 'white'] as const) {
      const c = choice[side];
      this.field(`${side}-type`).value = c.type === 'usi' && !this.usiEngine ? 'human' : c.type;
      this.field(`${side}-name`).value = c.name;
      this.field(`${side}-level`).value = String(c.level);
    }
    const preset = presetOf(choice.time);
    this.field('preset').value = preset;
    this.field('main').value = String(Math.round(choice.time.main / 60));
    this.field('byoyomi').value = String(choice.time.byoyomi);
    this.field('increment').value = String(choice.time.increment);
    this.field('mode').value = choice.mode;
    (this.field('analysis') as HTMLInputElement).checked = choice.analysis;
    this.showFields();
    this.element.showModal();
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  /** Show what applies: a name for a person, a level for the engine, the times for a custom control, 下手/上手. */
  private showFields(): void {
    const handicap = this.field('handicap').value !== '';
    for (const side of ['black', 'white'] as const) {
      const box = this.element.querySelector(`fieldset[data-side="${side}"]`)!;
      const key: WordKey = side === 'black' ? (handicap ? 'shitate' : 'sente') : handicap ? 'uwate' : 'gote';
      box.querySelector('legend')!.textContent = `${side === 'black' ? '☗' : '☖'} ${t(key)}`;
      const type = this.field(`${side}-type`).value;
      (this.field(`${side}-name`) as HTMLInputElement).hidden = type !== 'human';
      (box.querySelector('.level-choice') as HTMLElement).hidden = type !== 'engine';
    }
    const preset = PRESETS.find(([id]) => id === this.field('preset').value);
    (this.element.querySelector('.custom-time') as HTMLElement).hidden = preset !== undefined;
    if (preset) { // "custom" chosen next starts from the preset
      this.field('main').value = String(Math.round(preset[3].main / 60));
      this.field('byoyomi').value = String(preset[3].byoyomi);
      this.field('increment').value = String(preset[3].increment);
    }
  }

  private read(): NewGameChoice {
    const side = (s: 'black' | 'white'): SideChoice => ({
      type: this.field(`${s}-type`).value as SideChoice['type'],
      name: this.field(`${s}-name`).value,
      level: Number(this.field(`${s}-level`).value),
    });
    const preset = PRESETS.find(([id]) => id === this.field('preset').value);
    const whole = (fieldName: string) => Math.max(0, Math.round(Number(this.field(fieldName).value) || 0));
    return {
      handicap: this.field('handicap').value,
      black: side('black'),
      white: side('white'),
      time: preset ? preset[3] : { main: whole('main') * 60, byoyomi: whole('byoyomi'), increment: whole('increment') },
      mode: this.field('mode').value === 'tournament' ? 'tournament' : 'casual',
      analysis: (this.field('analysis') as HTMLInputElement).checked,
    };
  }
}
