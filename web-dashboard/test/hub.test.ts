import { describe, expect, it } from 'vitest';
import { resultWords, searchQuery } from '../src/ui/archiveSearch';
import { ranks } from '../src/ui/eventIndex';
import { settingsFrom } from '../src/live/settings';
import { initLanguage } from '../src/ui/i18n';

describe('the event hub in the page', () => {
  it('knows it is served by a hub from the hub\'s config file, and not when hosted elsewhere', () => {
    const hub = { broker: 'ws://192.168.1.10:9001/mqtt', prefix: 'shogi/v1/club/_hub', event: 'club', hub: true, title: '十一月例会' };
    expect(settingsFrom('', hub, { origin: 'http://192.168.1.10:8090' })).toMatchObject({ hub: true, title: '十一月例会',
      event: 'club', board: null, root: 'shogi/v1' });
    expect(settingsFrom('?broker=ws://x/mqtt&event=club', null, null)).toMatchObject({ hub: false, title: null });
  });

  it('ranks equal points alike', () => {
    const s = (name: string, points: number) => ({ name, points, wins: 0, draws: 0, losses: 0 });
    expect(ranks([s('a', 2), s('b', 1.5), s('c', 1.5), s('d', 0)])).toEqual([1, 2, 2, 4]);
  });

  it('asks the archive only for what the form gives', () => {
    expect(searchQuery({ player: ' 羽生 ', event: '', result: '½-½' })).toBe('player=%E7%BE%BD%E7%94%9F&result=%C2%BD-%C2%BD');
    expect(searchQuery({})).toBe('');
  });

  it('says a result in words, never 1-0', () => {
    initLanguage('?lang=ja', null);
    expect([resultWords('1-0'), resultWords('0-1'), resultWords('½-½'), resultWords('*')]).toEqual(['先手勝ち', '後手勝ち', '引き分け', '']);
    initLanguage('?lang=en', null);
    expect(resultWords('0-1')).toBe('gote won');
    initLanguage('?lang=ja', null);
  });
});
