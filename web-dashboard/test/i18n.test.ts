import { describe, expect, it } from 'vitest';
import { initLanguage, isHandicap, resultText, t } from '../src/ui/i18n';

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
