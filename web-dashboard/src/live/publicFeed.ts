// A viewer of an event's public feed (docs/broadcast.md) follows each board's `delta` topic, a few hundred bytes a
// move, and fetches a board's state whole over HTTP only when it joins or misses a delta: the round index names each
// board's newest state (`/event/<board>/state/<seq>.json`, a URL whose content never changes, so a CDN keeps it), and
// a delta that does not follow names the seq to fetch. The fetched state goes to the store as if it came on `state`.

import { BoardStore } from './store';

interface IndexBoard {
  readonly board?: unknown;
  readonly state?: unknown;
  readonly status?: unknown;
}

export class PublicStates {
  /** Per board: the seq being fetched, and the newest a delta asked for meanwhile. */
  private readonly fetching = new Map<string, { seq: number; wanted: number }>();

  /**
   * @param feed the hub's `/event/` folder as an absolute URL (or a CDN's copy of it)
   * @param only the one board the page shows, or null for the whole event
   */
  constructor(private readonly store: BoardStore, private readonly root: string, private readonly event: string,
              private readonly feed: string, private readonly only: string | null,
              private readonly fetcher: typeof fetch = (input, init) => fetch(input, init)) {
    store.onMissing = (event, board, seq) => {
      if (event === this.event) this.want(board, seq);
    };
  }

  /** Join (and join again after a reconnection, deltas having been missed): every board's newest state. */
  async join(): Promise<void> {
    const index = await this.json(new URL('index.json', this.feed).href) as { boards?: IndexBoard[] } | null;
    for (const entry of index?.boards ?? []) {
      if (typeof entry.board === 'string' && typeof entry.state === 'string' && (this.only === null || entry.board === this.only)) {
        if (entry.status === 'online' || entry.status === 'offline') {
          // a clustered broker may not hand a retained status to a wildcard subscription (RabbitMQ does not)
          this.store.receive(`${this.root}/${this.event}/${entry.board}/status`, JSON.stringify({ status: entry.status }));
        }
        void this.fetchState(entry.board, new URL(entry.state, this.feed).href, 0);
      }
    }
  }

  /** A delta of `seq` did not follow the board's state: fetch that state (once at a time per board). */
  want(board: string, seq: number): void {
    const busy = this.fetching.get(board);
    if (busy) {
      busy.wanted = Math.max(busy.wanted, seq);
      return;
    }
    void this.fetchState(board, new URL(`${encodeURIComponent(board)}/state/${seq}.json`, this.feed).href, seq);
  }

  private async fetchState(board: string, url: string, seq: number): Promise<void> {
    this.fetching.set(board, { seq, wanted: seq });
    let got = -1;
    try {
      const response = await this.fetcher(url);
      if (response.ok) {
        const text = await response.text();
        this.store.receive(`${this.root}/${this.event}/${board}/state`, text);
        got = (JSON.parse(text) as { seq?: number }).seq ?? -1;
      }
    } catch {
      // the next delta asks again
    }
    const wanted = this.fetching.get(board)?.wanted ?? seq;
    this.fetching.delete(board);
    if (wanted > got && wanted > seq) {
      this.want(board, wanted); // a newer delta arrived while this one was fetched and did not follow either
    }
  }

  private async json(url: string): Promise<unknown> {
    try {
      const response = await this.fetcher(url, { cache: 'no-cache' });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }
}

/** The topics a public viewer subscribes to: the deltas, the boards' status and analysis, never the whole states. */
export function publicTopics(root: string, event: string, board: string | null): string[] {
  const boards = `${root}/${event}/${board ?? '+'}`;
  return [`${boards}/delta`, `${boards}/status`, `${boards}/analysis`];
}
