// The hub's round index (/event/index.json): each board's number, round, players and result, and the event's
// standings. Polled every few seconds; the browser revalidates with the ETag, so an unchanged index costs a 304.

export interface IndexBoard {
  board: string;
  number: number;
  round: number;
  sente: { name: string };
  gote: { name: string };
  result: string;
  moves: number;
  status: string;
  game: string;
  /** Board against board: the other board, which mirrors this one's game. */
  remote?: string;
}

/** A team match's score (団体戦, board against board): each team's wins, the draws, games finished of all. */
export interface MatchScore {
  teams: [string, string];
  wins: [number, number];
  draws: number;
  games: number;
  finished: number;
}

export interface Standing {
  name: string;
  points: number;
  wins: number;
  draws: number;
  losses: number;
}

export interface EventIndex {
  event: string;
  title: string;
  round: number;
  boards: IndexBoard[];
  standings: Standing[];
  match?: MatchScore[];
}

/** Whether a board's state is the guest's copy of a game another board hosts (board against board): not shown twice. */
export function isGuestBoard(players: { black: { type: string; hosts?: boolean }; white: { type: string; hosts?: boolean } }): boolean {
  return (players.black.type === 'board' && players.black.hosts === true)
    || (players.white.type === 'board' && players.white.hosts === true);
}

/** Fetch the index now and every {@code everyMillis}; {@code onIndex} hears each one read. Returns the stop. */
export function pollIndex(onIndex: (index: EventIndex) => void, everyMillis = 5000): () => void {
  let stopped = false;
  const load = async () => {
    try {
      const response = await fetch('event/index.json', { cache: 'no-cache' });
      if (response.ok && !stopped) onIndex(await response.json() as EventIndex);
    } catch {
      // the next poll tries again
    }
  };
  void load();
  const timer = window.setInterval(() => void load(), everyMillis);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}

/** Ranks for the standings: equal points share a rank (1, 2, 2, 4). */
export function ranks(standings: readonly Standing[]): number[] {
  return standings.map((s) => standings.findIndex((o) => o.points === s.points) + 1);
}
