import { describe, expect, it } from 'vitest';
import { HANDICAPS, PRESETS, choiceFrom, newGameFields, presetOf } from '../src/ui/newGameDialog';
import { GameStateMessage } from '../src/live/store';

describe('the new-game dialog', () => {
  it('offers the fifteen handicaps, each by the id the daemon reads', () => {
    expect(HANDICAPS).toHaveLength(15);
    expect(new Set(HANDICAPS.map(([id]) => id)).size).toBe(15);
    expect(HANDICAPS.find(([id]) => id === 'two-pieces')![1]).toBe('二枚落ち');
  });

  it('sends every choice as the new-game command\'s fields', () => {
    const fields = newGameFields({
      handicap: 'two-pieces',
      black: { type: 'human', name: ' 花子 ', level: 3 },
      white: { type: 'engine', name: 'ignored', level: 7 },
      time: PRESETS.find(([id]) => id === '10+30')![3],
      mode: 'tournament',
      analysis: true,
    });
    expect(fields).toEqual({
      handicap: 'two-pieces',
      time: { 'main-seconds': 600, 'byoyomi-seconds': 30, 'increment-seconds': 0 },
      mode: 'tournament',
      analysis: true,
      black: { type: 'human', name: '花子' },
      white: { type: 'engine', level: 7 },
    });
    const even = newGameFields({ handicap: '', black: { type: 'human', name: '', level: 1 }, white: { type: 'usi', name: '', level: 1 },
      time: { main: 0, byoyomi: 0, increment: 0 }, mode: 'casual', analysis: false });
    expect(even.handicap).toBeUndefined();
    expect(even.black).toEqual({ type: 'human' }); // the daemon names an unnamed person
    expect(even.white).toEqual({ type: 'usi' });
  });

  it('names a time control by its preset, or custom', () => {
    expect(presetOf({ main: 0, byoyomi: 30, increment: 0 })).toBe('30s');
    expect(presetOf({ main: 0, byoyomi: 0, increment: 0 })).toBe('none');
    expect(presetOf({ main: 420, byoyomi: 20, increment: 0 })).toBe('custom');
  });

  it('starts from the game on the board: the next game has the same set-up', () => {
    const state = {
      players: { black: { name: '花子', type: 'human' }, white: { name: 'shogi-bridge level 4', type: 'engine', level: 4 } },
      clock: { timeControl: { mainMillis: 900_000, byoyomiMillis: 60_000, incrementMillis: 0 } },
      mode: 'tournament',
    } as unknown as GameStateMessage;
    const choice = choiceFrom(state, true);
    expect(choice.black).toEqual({ type: 'human', name: '花子', level: 3 });
    expect(choice.white).toMatchObject({ type: 'engine', level: 4 });
    expect(presetOf(choice.time)).toBe('15+60');
    expect(choice.mode).toBe('tournament');
    expect(choice.analysis).toBe(true);
    expect(choiceFrom(null, false).time).toEqual({ main: 600, byoyomi: 30, increment: 0 });
  });

  it('offers a person where an online opponent played: the next game on the board is not online', () => {
    const state = {
      players: { black: { name: 'Hanako', type: 'human' }, white: { name: 'Taro', type: 'online' } },
      clock: { timeControl: { mainMillis: 600_000, byoyomiMillis: 10_000, incrementMillis: 0 } },
      mode: 'casual',
    } as unknown as GameStateMessage;
    expect(choiceFrom(state, false).white).toEqual({ type: 'human', name: '', level: 3 });
  });
});

describe('the recorded games', () => {
  it('reads a game id as its day, time and board', async () => {
    const { describeGameId } = await import('../src/ui/archiveView');
    expect(describeGameId('20261126-140312-board1')).toEqual({ day: '2026-11-26', time: '14:03', board: 'board1' });
    expect(describeGameId('odd')).toEqual({ day: '', time: 'odd', board: '' });
  });
});
