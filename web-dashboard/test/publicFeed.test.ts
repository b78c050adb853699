import { describe, expect, it } from 'vitest';
import { BoardStore, GameStateMessage, StateDelta, applyDelta } from '../src/live/store';
import { PublicStates, publicTopics } from '../src/live/publicFeed';
import { VARIANTS, replay } from '../src/shogi/position';

const GAME = ['7g7f', '3c3d', '2g2f', '8c8d'];
const JAPANESE = ['▲７六歩', '△３四歩', '▲２六歩', '△８四歩'];
const ROOT = 'shogi/v1/public';

/** The public state after `plies` moves of GAME with seq `seq`. */
function state(seq: number, plies: number): GameStateMessage {
  const positions = replay(VARIANTS.standard.startSfen, GAME.slice(0, plies));
  return {
    seq, game: 'g1', event: 'club', board: 'b1', variant: 'standard', startSfen: VARIANTS.standard.startSfen,
    sfen: positions[plies].toSfen(), moves: GAME.slice(0, plies), movesJapanese: JAPANESE.slice(0, plies),
    moveMillis: GAME.slice(0, plies).map(() => 1000), sideToMove: plies % 2 === 0 ? 'black' : 'white',
    clock: { black: 600000 - plies * 1000, white: 600000, byoyomi: 30000, running: plies % 2 === 0 ? 'black' : 'white',
      moveMillis: 0, timeControl: { mainMillis: 600000, byoyomiMillis: 30000, incrementMillis: 0 } },
    players: { black: { name: '羽生', type: 'human' }, white: { name: '藤井', type: 'human' } },
    result: null, lastMove: plies ? GAME[plies - 1] : null, engineMove: null,
    boardStatus: { status: 'matched', squares: [], detail: '' }, resumed: false,
  };
}

/** The hub's delta from the state after `plies - 1` moves (seq `prev`) to the one after `plies` (seq `seq`). */
function moveDelta(prev: number, seq: number, plies: number): StateDelta {
  const after = state(seq, plies);
  return {
    seq, prev, set: { sfen: after.sfen, sideToMove: after.sideToMove, lastMove: after.lastMove },
    merge: { clock: { black: after.clock.black, running: after.clock.running } },
    append: { moves: [GAME[plies - 1]], movesJapanese: [JAPANESE[plies - 1]], moveMillis: [1000] },
  };
}

describe('the public feed', () => {
  it('applies a move, a takeback and a dropped field as the hub made them', () => {
    expect(applyDelta(state(10, 1), moveDelta(10, 11, 2))).toEqual(state(11, 2));
    const takeback: StateDelta = { seq: 12, prev: 11, set: { sfen: state(0, 1).sfen, sideToMove: 'white', lastMove: '7g7f' },
      merge: { clock: { black: 599000, running: 'white' } }, cut: { moves: 1, movesJapanese: 1, moveMillis: 1 } };
    expect(applyDelta(state(11, 2), takeback)).toEqual(state(12, 1));
    const dropped = applyDelta(state(12, 1), { seq: 13, prev: 12, drop: ['engineMove'] })!;
    expect('engineMove' in dropped).toBe(false);
    expect(applyDelta(state(12, 1), moveDelta(11, 13, 2))).toBeNull(); // follows another state
  });

  it('follows deltas, and asks for the state whole when one does not follow', () => {
    const store = new BoardStore(ROOT);
    const asked: string[] = [];
    store.onMissing = (event, board, seq) => asked.push(`${event}/${board}@${seq}`);
    const topic = `${ROOT}/club/b1/delta`;
    expect(store.receive(topic, JSON.stringify(moveDelta(10, 11, 2)))).toBe(false); // joined: no state yet
    expect(asked).toEqual(['club/b1@11']);
    expect(store.receive(`${ROOT}/club/b1/state`, JSON.stringify(state(11, 2)))).toBe(true); // fetched
    expect(store.receive(topic, JSON.stringify(moveDelta(11, 12, 3)))).toBe(true);
    expect(store.receive(topic, JSON.stringify(moveDelta(11, 12, 3)))).toBe(false); // delivered twice
    expect(store.receive(topic, JSON.stringify(moveDelta(13, 14, 4)))).toBe(false); // 13 was missed
    expect(asked).toEqual(['club/b1@11', 'club/b1@14']);
    expect(store.view('club', 'b1')!.state).toEqual(state(12, 3));
  });

  it('joins from the round index and fetches one state at a time per board', async () => {
    const store = new BoardStore(ROOT);
    const fetched: string[] = [];
    const served: Record<string, unknown> = {
      'https://cdn.example/event/index.json': { boards: [{ board: 'b1', state: '/event/b1/state/11.json' },
        { board: 'b2' }] },
      'https://cdn.example/event/b1/state/11.json': state(11, 2),
      'https://cdn.example/event/b1/state/14.json': { ...state(14, 4) },
    };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const fetcher = (async (input: RequestInfo | URL) => {
      const url = String(input);
      fetched.push(url);
      if (url.endsWith('/14.json')) await gate; // slow: deltas keep coming meanwhile
      return new Response(JSON.stringify(served[url]), { status: served[url] ? 200 : 404 });
    }) as typeof fetch;
    const states = new PublicStates(store, ROOT, 'club', 'https://cdn.example/event/', null, fetcher);
    await states.join();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.view('club', 'b1')!.state!.seq).toBe(11);
    store.receive(`${ROOT}/club/b1/delta`, JSON.stringify(moveDelta(13, 14, 4))); // 12 and 13 missed
    store.receive(`${ROOT}/club/b1/delta`, JSON.stringify(moveDelta(13, 14, 4)));
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(fetched).toEqual(['https://cdn.example/event/index.json', 'https://cdn.example/event/b1/state/11.json',
      'https://cdn.example/event/b1/state/14.json']);
    expect(store.view('club', 'b1')!.state!.moves).toEqual(GAME);
  });

  it('subscribes to the deltas, status and analysis, never to the whole states', () => {
    expect(publicTopics(ROOT, 'club', null)).toEqual([`${ROOT}/club/+/delta`, `${ROOT}/club/+/status`, `${ROOT}/club/+/analysis`]);
    expect(publicTopics(ROOT, 'club', 'b3')[0]).toBe(`${ROOT}/club/b3/delta`);
  });
});
