import { describe, expect, it } from 'vitest';
import { clockText, initLanguage, isHandicap, playerLabel, refusal, resultText, sideLabel, t } from '../src/ui/i18n';
import { formatClock } from '../src/live/store';

const names = { black: 'Hanako', white: 'shogi-bridge level 3' };
const storage = (value: string | null) => ({ getItem: () => value });

describe('the page\'s language', () => {
  it('is Japanese unless the URL or the remembered choice says English', () => {
    expect(initLanguage('', storage(null))).toBe('ja');
    expect(initLanguage('?lang=en', storage(null))).toBe('en');
    expect(initLanguage('', storage('en'))).toBe('en');
    expect(initLanguage('?lang=ja', storage('en'))).toBe('ja');
    expect(initLanguage('?lang=fr', storage(null))).toBe('ja');
  });

  it('writes results in the words of a KIF record', () => {
    initLanguage('', null);
    expect(resultText({ winner: 'black', reason: 'resignation' }, 102, names)).toBe('まで102手で先手の勝ち');
    expect(resultText({ winner: 'white', reason: 'checkmate' }, 81, names)).toBe('まで81手で後手の勝ち');
    expect(resultText({ winner: 'white', reason: 'time_forfeit' }, 40, names)).toBe('まで40手で時間切れにより後手の勝ち');
    expect(resultText({ winner: 'black', reason: 'illegal_move' }, 31, names)).toBe('まで31手で後手の反則負け');
    expect(resultText({ winner: null, reason: 'sennichite' }, 120, names)).toBe('まで120手で千日手');
    expect(resultText({ winner: 'black', reason: 'resignation' }, 60, names, true)).toBe('まで60手で下手の勝ち');
    expect(resultText({ winner: null, reason: 'unfinished' }, 12, names)).toBe('まで12手で中断');
  });

  it('says the same in English with the players\' names', () => {
    initLanguage('?lang=en', null);
    expect(resultText({ winner: 'white', reason: 'resignation' }, 9, names)).toBe('△ shogi-bridge level 3 wins by resignation');
    expect(t('showing', { n: 1, total: 5 })).toBe('Showing move 1 of 5. Press "live" to follow the game.');
    initLanguage('', null);
    expect(t('moveCount', { n: 7 })).toBe('7手');
  });

  it('knows a handicap game by gote moving first', () => {
    expect(isHandicap('lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1')).toBe(true);
    expect(isHandicap('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1')).toBe(false);
  });
});

describe('players and refusals in a player\'s words (issue 82)', () => {
  it('names a side without a name by its role, 下手 and 上手 in a handicap game, and the engine by its level', () => {
    initLanguage('', null);
    expect(playerLabel({ name: '先手', type: 'human' }, 'black', false)).toBe('先手');
    expect(playerLabel({ name: 'Sente', type: 'human' }, 'black', true)).toBe('下手');
    expect(playerLabel({ name: '後手', type: 'human' }, 'white', true)).toBe('上手');
    expect(playerLabel({ name: '花子', type: 'human' }, 'black', true)).toBe('花子');
    expect(playerLabel({ name: 'shogi-bridge level 3', type: 'engine', level: 3 }, 'white', false)).toBe('コンピュータ レベル3');
    expect(playerLabel({ name: 'コンピュータ レベル4', type: 'engine', level: 4 }, 'white', true)).toBe('コンピュータ レベル4');
    expect(playerLabel({ name: 'YaneuraOu', type: 'engine', level: 10 }, 'white', false)).toBe('YaneuraOu (レベル10)');
    expect(playerLabel({ name: '佐藤', type: 'board' }, 'white', false)).toBe('佐藤 (遠隔の盤)');
    expect(sideLabel('black', true)).toBe('▲下手');
    expect(sideLabel('white', false)).toBe('△');
    initLanguage('?lang=en', null);
    expect(playerLabel({ name: 'コンピュータ レベル4', type: 'engine', level: 4 }, 'white', false)).toBe('Computer level 4');
    expect(playerLabel({ name: '先手', type: 'human' }, 'black', false)).toBe('Sente');
    initLanguage('', null);
  });

  it('shows a refusal\'s Japanese words, or in English its message', () => {
    initLanguage('', null);
    const reply = { ok: false, error: "Illegal move. 'P*5e' in 9/9/9/9/9/9/9/9/9 b P 1: two pawns on a file (nifu).", japanese: '二歩です（▲５五歩打）。' };
    expect(refusal(reply)).toBe('二歩です（▲５五歩打）。');
    expect(refusal({ ok: false })).toBe('できません。');
    initLanguage('?lang=en', null);
    expect(refusal(reply)).toBe(reply.error);
    initLanguage('', null);
  });
});

describe('the clock with byoyomi, as a club clock shows it (issue 82)', () => {
  it('shows the byoyomi to come, then counts it down once the main time is spent', () => {
    initLanguage('', null);
    expect(clockText(598_000, 30_000, 30_000, formatClock)).toBe('9:58 秒読み30秒');
    expect(clockText(0, 27_400, 30_000, formatClock)).toBe('秒読み 28');
    expect(clockText(0, 0, 30_000, formatClock)).toBe('秒読み 0');
    expect(clockText(65_000, 0, 0, formatClock)).toBe('1:05');
    initLanguage('?lang=en', null);
    expect(clockText(0, 9_000, 10_000, formatClock)).toBe('byoyomi 9');
    initLanguage('', null);
  });
});
