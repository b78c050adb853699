import { describe, expect, it } from 'vitest';
import { BoardStore, formatClock, liveClock, splitTopic } from '../src/live/store';
import { VARIANTS, replay } from '../src/shogi/position';

const GAME = ['7g7f', '3c3d', '2g2f', '8c8d'];
const JAPANESE = ['▲７六歩', '△３四歩', '▲２六歩', '△８四歩'];

/** The state the daemon publishes after {@code plies} moves of GAME, with sequence number {@code seq}. */
function state(seq: number, plies: number, game = 'g1', board = 'b1') {
  const positions = replay(VARIANTS.standard.startSfen, GAME.slice(0, plies));
  return JSON.stringify({
    seq, game, event: 'club', board, variant: 'standard', startSfen: VARIANTS.standard.startSfen,
    sfen: positions[plies].toSfen(), moves: GAME.slice(0, plies), movesJapanese: JAPANESE.slice(0, plies),
    moveMillis: GAME.slice(0, plies).map(() => 1000), hands: { black: {}, white: {} },
    sideToMove: plies % 2 === 0 ? 'black' : 'white',
    clock: { black: 600000, white: 600000, byoyomi: 30000, running: 'black', moveMillis: 0,
      timeControl: { mainMillis: 600000, byoyomiMillis: 30000, incrementMillis: 0 } },
    players: { black: { name: 'Sente', type: 'human' }, white: { name: 'Gote', type: 'human' } },
    result: null, lastMove: plies ? GAME[plies - 1] : null, engineMove: null,
    boardStatus: { status: 'matched', squares: [], detail: '' }, resumed: false,
  });
}

const STATE = 'shogi/v1/club/b1/state';
const STATUS = 'shogi/v1/club/b1/status';

describe('BoardStore', () => {
  it('keeps the newest state whatever order, gaps and repeats the messages come in', () => {
    const store = new BoardStore();
    const changes: string[] = [];
    store.subscribe((key) => changes.push(key));
    expect(store.receive(STATE, state(3, 1))).toBe(true);
    expect(store.receive(STATE, state(3, 1))).toBe(false); // duplicate
    expect(store.receive(STATE, state(9, 4))).toBe(true); // a gap: 4 to 8 missing, the state is complete anyway
    expect(store.receive(STATE, state(6, 2))).toBe(false); // a late, older one
    const view = store.view('club', 'b1')!;
    expect(view.state!.seq).toBe(9);
    expect(view.state!.moves).toEqual(GAME);
    expect(changes).toEqual(['club/b1', 'club/b1']);
  });

  it('tracks online and offline, and a state alone means online', () => {
    const store = new BoardStore();
    store.receive(STATE, state(1, 0));
    expect(store.view('club', 'b1')!.online).toBe(true);
    store.receive(STATUS, '{"status":"offline"}');
    expect(store.view('club', 'b1')!.online).toBe(false);
    store.receive(STATUS, '{"status":"online"}');
    expect(store.view('club', 'b1')!.online).toBe(true);
  });

  it('says the board is halted while its status says the journal cannot be written, and not once it can', () => {
    const store = new BoardStore();
    store.receive(STATE, state(5, 2)); // the last state on disk says matched
    expect(store.view('club', 'b1')!.halted).toBeNull();
    const problem = 'Disk full. The journal could not be written (No space left on device).';
    expect(store.receive(STATUS, JSON.stringify({ status: 'online', problem, boardStatus: 'halted' }))).toBe(true);
    expect(store.view('club', 'b1')!.halted).toBe(problem);
    expect(store.view('club', 'b1')!.state!.boardStatus.status).toBe('matched'); // the state could not say it
    store.receive(STATUS, JSON.stringify({ status: 'online', problem: 'The record of game g1 could not be written.' }));
    expect(store.view('club', 'b1')!.halted).toBeNull(); // a record waiting for room does not halt the board
    store.receive(STATUS, '{"status":"online"}');
    expect(store.view('club', 'b1')!.halted).toBeNull();
  });

  it('takes the first state after a restart even if the daemon counts again from zero', () => {
    const store = new BoardStore();
    store.receive(STATE, state(40, 4));
    store.receive(STATUS, '{"status":"offline"}');
    store.receive(STATUS, '{"status":"online"}');
    expect(store.receive(STATE, state(1, 0, 'g2'))).toBe(true);
    expect(store.view('club', 'b1')!.state!.game).toBe('g2');
    expect(store.receive(STATE, state(1, 0, 'g2'))).toBe(false); // and then orders by seq again
  });

  it('refuses malformed messages without changing anything', () => {
    const store = new BoardStore();
    store.receive(STATE, state(5, 2));
    expect(store.receive(STATE, '{not json')).toBe(false);
    expect(store.receive(STATE, '{"seq":99}')).toBe(false);
    expect(store.receive(STATUS, '{"status":"maybe"}')).toBe(false);
    expect(store.receive('shogi/v1/club/b1/analysis', '{"ply":"x"}')).toBe(false);
    expect(store.rejected).toBe(4);
    expect(store.view('club', 'b1')!.state!.seq).toBe(5);
  });

  it('lists an event\'s boards in natural order and keeps analysis per game', () => {
    const store = new BoardStore();
    for (const b of ['table10', 'table2', 'table1']) {
      store.receive(`shogi/v1/club/${b}/state`, state(1, 0, 'g-' + b, b));
    }
    store.receive('shogi/v1/other/x/state', state(1, 0, 'gx', 'x'));
    expect(store.views('club').map((v) => v.board)).toEqual(['table1', 'table2', 'table10']);
    expect(store.views(null)).toHaveLength(4);
    store.receive('shogi/v1/club/table1/analysis', '{"game":"g-table1","ply":1,"score":35,"depth":8,"pv":["3c3d"]}');
    store.receive('shogi/v1/club/table1/analysis', '{"game":"old","ply":2,"score":-900,"depth":8,"pv":[]}');
    expect([...store.view('club', 'table1')!.analysis.values()]).toEqual([{ ply: 1, score: 35, depth: 8, pv: ['3c3d'] }]);
  });

  it('fills the evaluation graph of a late viewer from the scores an analysis carries, and forgets taken-back plies', () => {
    const store = new BoardStore();
    store.receive('shogi/v1/club/t1/state', state(9, 3, 'g1', 't1'));
    store.receive('shogi/v1/club/t1/analysis', '{"game":"g1","ply":3,"score":-40,"depth":9,"pv":["2b8h+"],"scores":[[1,35],[2,20],[3,-40]]}');
    const scores = () => [...store.view('club', 't1')!.analysis.values()].sort((a, b) => a.ply - b.ply).map((a) => [a.ply, a.score]);
    expect(scores()).toEqual([[1, 35], [2, 20], [3, -40]]);
    expect(store.view('club', 't1')!.analysis.get(3)!.depth).toBe(9);
    store.receive('shogi/v1/club/t1/analysis', '{"game":"g1","ply":2,"score":25,"depth":9,"pv":[],"scores":[[1,35],[2,25]]}');
    expect(scores()).toEqual([[1, 35], [2, 25]]);
    store.receive('shogi/v1/club/t1/analysis', '{"game":"g1","ply":3,"score":10,"depth":9,"pv":[],"scores":[[1,"x"],"junk",[2,25],[3,10]]}');
    expect(scores()).toEqual([[1, 35], [2, 25], [3, 10]]);
  });

  it('keeps the review a board publishes after a game, and refuses a malformed one', () => {
    const store = new BoardStore();
    store.receive(STATE, state(1, 4));
    const review = { game: 'g1', engine: 'shogi-bridge', nodes: 50000, summary: { ja: '悪手はありません。', en: 'No mistakes.' },
      worst: [], moves: GAME.map((move, i) => ({ ply: i + 1, side: i % 2 ? 'white' : 'black', move, japanese: JAPANESE[i],
        evaluation: 10 * i, best: move, bestJapanese: JAPANESE[i], bestLine: [move], loss: 0, mark: '', markJapanese: '' })) };
    expect(store.receive('shogi/v1/club/b1/review', JSON.stringify(review))).toBe(true);
    expect(store.view('club', 'b1')!.review!.moves.map((m) => m.evaluation)).toEqual([0, 10, 20, 30]);
    expect(store.receive('shogi/v1/club/b1/review', JSON.stringify({ game: 'g1', moves: [{ ply: 'one' }] }))).toBe(false);
    expect(store.rejected).toBe(1);
    expect(store.view('club', 'b1')!.review!.game).toBe('g1');
  });

  it('splits topics under the root', () => {
    expect(splitTopic('shogi/v1/club/t3/cmd/hint/result')).toEqual({ event: 'club', board: 't3', rest: 'cmd/hint/result' });
    expect(splitTopic('other/v1/club/t3/state')).toBeNull();
    expect(splitTopic('shogi/v1/club')).toBeNull();
  });
});

describe('clocks', () => {
  const clock = { black: 2000, white: 60000, byoyomi: 10000, running: 'black' as const, moveMillis: 0,
    timeControl: { mainMillis: 60000, byoyomiMillis: 10000, incrementMillis: 0 } };

  it('count down the running side, main time first, then byoyomi', () => {
    expect(liveClock(clock, 1500)).toEqual({ black: 500, white: 60000, byoyomi: 10000 });
    expect(liveClock(clock, 5000)).toEqual({ black: 0, white: 60000, byoyomi: 7000 });
    expect(liveClock(clock, 99999)).toEqual({ black: 0, white: 60000, byoyomi: 0 });
    expect(liveClock({ ...clock, running: null }, 5000)).toEqual({ black: 2000, white: 60000, byoyomi: 10000 });
  });

  it('are written as clocks show them, rounded up', () => {
    expect(formatClock(598001)).toBe('9:59');
    expect(formatClock(3723000)).toBe('1:02:03');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
  });
});
