// What the dashboard knows of each board, kept from the daemon's messages (docs/mqtt.md). Every `state` is complete,
// so the store keeps the newest by `seq` and ignores older and repeated ones: messages that are missing, duplicated
// or out of order (a reconnecting broker, a retained copy after a live one) can only delay the view, never corrupt
// it. The one exception is a daemon that lost its journal and counts again from 0: after it went offline, the next
// state is taken whatever its number.

export type SideName = 'black' | 'white';

export interface PlayerInfo {
  readonly name: string;
  readonly type: 'human' | 'engine' | 'usi' | 'online' | 'tsume' | 'board';
  readonly level?: number;
  /** A person at another board (board against board): that board's EVENT/BOARD, and whether it hosts the game. */
  readonly board?: string;
  readonly hosts?: boolean;
}

export interface ClockInfo {
  readonly black: number;
  readonly white: number;
  readonly byoyomi: number;
  readonly running: SideName | null;
  readonly moveMillis: number;
  /** The side whose move an arbiter's pause stopped (absent before this field). */
  readonly paused?: SideName | null;
  readonly timeControl: { mainMillis: number; byoyomiMillis: number; incrementMillis: number };
}

export interface GameStateMessage {
  readonly seq: number;
  readonly game: string;
  readonly event: string;
  readonly board: string;
  readonly variant: 'standard' | 'okisaki' | 'minishogi';
  readonly startSfen: string;
  readonly sfen: string;
  /** A recorded game's title (棋戦, day, players), from the archive; none for a live board. */
  readonly title?: string;
  readonly moves: readonly string[];
  readonly movesJapanese: readonly string[];
  readonly moveMillis: readonly number[];
  readonly sideToMove: SideName;
  readonly clock: ClockInfo;
  readonly players: { black: PlayerInfo; white: PlayerInfo };
  /** The game's rules (absent before this field: casual). */
  readonly mode?: 'casual' | 'tournament';
  readonly result: { winner: SideName | null; reason: string; detail: string } | null;
  readonly lastMove: string | null;
  /** The side to move is in check (daemons before this field: absent). */
  readonly check?: boolean;
  readonly engineMove: string | null;
  /** The computer's move in Japanese notation (▲７六歩; absent before this field). */
  readonly engineMoveJapanese?: string | null;
  /** Whether the board's tutor is on (absent before this field). */
  readonly tutor?: boolean;
  /** The tutor's warning on the person's last move while it is in force (docs/learning.md), else null or absent. */
  readonly advice?: { readonly ply: number; readonly mark: string; readonly markEnglish: string; readonly better: string;
    readonly betterJapanese: string } | null;
  /**
   * The tsume being solved (docs/learning.md), else null or absent: while the board is set up, the step in words (the
   * LEDs show where). The verdict is the result: Black winning is 正解, White winning (detail 不正解) a refuted attack.
   */
  readonly tsume?: { readonly id: string; readonly plies: number; readonly setUp: string | null;
    readonly setUpEnglish: string | null;
    /** The squares the set-up step lights (USI) and the komadai slot it concerns (`black:G`), for the board to mark. */
    readonly squares?: readonly string[]; readonly komadai?: string | null } | null;
  /** What to do in Japanese words (a correction's steps: ７七に駒を置く; absent before this field). */
  readonly boardStatus: { status: string; squares: readonly string[]; detail: string; japanese?: string;
    /** The komadai slots a correction concerns, `black:P` (absent before this field). */
    komadai?: readonly string[] };
  readonly resumed: boolean;
  /** When the board made the change, ms since 1970 by the board's clock (absent before this field). */
  readonly time?: number;
}

export interface Analysis {
  readonly ply: number;
  /** Centipawns from black's point of view. */
  readonly score: number;
  readonly depth: number;
  readonly pv: readonly string[];
}

/** One move of a finished game's review (the daemon's `review` topic, docs/mqtt.md). */
export interface ReviewedMove {
  readonly ply: number;
  readonly move: string;
  readonly japanese: string;
  /** Centipawns after the move, from black's point of view. */
  readonly evaluation: number;
  /** The engine's choice in the position before the move (USI, and in Japanese). */
  readonly best: string | null;
  readonly bestJapanese: string | null;
  /** Win rate given away, in points. */
  readonly loss: number;
  /** `good move`, `inaccuracy`, `dubious move`, `mistake`, `blunder` or empty; and in Japanese (好手, 悪手...). */
  readonly mark: string;
  readonly markJapanese: string;
}

export interface Review {
  readonly game: string;
  readonly moves: readonly ReviewedMove[];
  readonly summary: { readonly ja: string; readonly en: string };
  /** The plies of the people's mistakes, the worst first. */
  readonly worst: readonly number[];
}

export interface BoardView {
  readonly event: string;
  readonly board: string;
  readonly online: boolean | null;
  /**
   * Why the board accepts no move, from its `status` (`"boardStatus":"halted"`, the journal cannot be written), or
   * null. The state cannot say it: nothing that is not on disk is published.
   */
  readonly halted: string | null;
  readonly state: GameStateMessage | null;
  /** Local time (performance.now or Date.now, as the store was given) at which the state arrived. */
  readonly receivedAt: number;
  /** The analysis of the current game by ply. */
  readonly analysis: ReadonlyMap<number, Analysis>;
  /** The review of the current game, once it has ended and been reviewed; else null. */
  readonly review: Review | null;
}

interface Entry {
  event: string;
  board: string;
  online: boolean | null;
  halted: string | null;
  state: GameStateMessage | null;
  receivedAt: number;
  analysis: Map<number, Analysis>;
  analysisGame: string | null;
  /** The newest review the board published: shown with the game it is of. */
  review: Review | null;
  acceptAnyNextState: boolean;
}

/** The part of a topic after `shogi/v1/`: event, board and the rest (`state`, `status`, `cmd/hint/result`...). */
export function splitTopic(topic: string, root = 'shogi/v1'): { event: string; board: string; rest: string } | null {
  if (!topic.startsWith(root + '/')) {
    return null;
  }
  const parts = topic.slice(root.length + 1).split('/');
  if (parts.length < 3) {
    return null;
  }
  return { event: parts[0], board: parts[1], rest: parts.slice(2).join('/') };
}

export class BoardStore {
  private readonly boards = new Map<string, Entry>();
  private readonly listeners = new Set<(key: string) => void>();
  /** States refused as malformed, for the page's diagnostics. */
  rejected = 0;
  /** A delta arrived for a state this page lacks: fetch the state of `seq` whole and {@link receive} it. */
  onMissing: (event: string, board: string, seq: number) => void = () => {};

  constructor(private readonly root = 'shogi/v1', private readonly clock: () => number = () => Date.now()) {}

  private readonly voiceListeners = new Set<(key: string, message: { kind: string; text: string }) => void>();

  /** Hear what a board says (its `voice` topic), as it arrives; nothing is kept. */
  onVoice(listener: (key: string, message: { kind: string; text: string }) => void): () => void {
    this.voiceListeners.add(listener);
    return () => this.voiceListeners.delete(listener);
  }

  /** Register a listener called with the board key ("event/board") whenever a board's view changes. */
  subscribe(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  view(event: string, board: string): BoardView | null {
    const e = this.boards.get(`${event}/${board}`);
    return e ? { ...e } : null;
  }

  /** Every board of an event (all events if null), sorted by board id. */
  views(event: string | null): BoardView[] {
    return [...this.boards.values()].filter((e) => event === null || e.event === event)
      .sort((a, b) => a.board.localeCompare(b.board, 'en', { numeric: true })).map((e) => ({ ...e }));
  }

  /** Take one MQTT message; return true if it changed what the page shows. */
  receive(topic: string, payload: Uint8Array | string): boolean {
    const where = splitTopic(topic, this.root);
    if (where === null) {
      return false;
    }
    let json: unknown;
    try {
      json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
    } catch {
      this.rejected++;
      return false;
    }
    const entry = this.entry(where.event, where.board);
    let changed = false;
    if (where.rest === 'state') {
      changed = this.takeState(entry, json);
    } else if (where.rest === 'delta') {
      changed = this.takeDelta(entry, json);
    } else if (where.rest === 'status') {
      changed = this.takeStatus(entry, json);
    } else if (where.rest === 'analysis') {
      changed = this.takeAnalysis(entry, json);
    } else if (where.rest === 'review') {
      changed = this.takeReview(entry, json);
    } else if (where.rest === 'voice' && typeof (json as { text?: unknown }).text === 'string') {
      const key = `${where.event}/${where.board}`;
      this.voiceListeners.forEach((l) => l(key, json as { kind: string; text: string }));
    }
    if (changed) {
      const key = `${where.event}/${where.board}`;
      this.listeners.forEach((l) => l(key));
    }
    return changed;
  }

  private entry(event: string, board: string): Entry {
    const key = `${event}/${board}`;
    let e = this.boards.get(key);
    if (!e) {
      e = { event, board, online: null, halted: null, state: null, receivedAt: 0, analysis: new Map(), analysisGame: null, review: null, acceptAnyNextState: false };
      this.boards.set(key, e);
    }
    return e;
  }

  private takeState(e: Entry, json: unknown): boolean {
    if (!isState(json)) {
      this.rejected++;
      return false;
    }
    if (e.state !== null && json.seq <= e.state.seq && !e.acceptAnyNextState) {
      return false; // a duplicate or an older state arriving late
    }
    e.acceptAnyNextState = false;
    e.state = json;
    e.receivedAt = this.clock();
    if (e.online === null) {
      e.online = true; // a state proves the daemon is (or was just) there even if the retained status was missed
    }
    if (e.analysisGame !== json.game) {
      e.analysis = new Map();
      e.analysisGame = json.game;
    }
    return true;
  }

  /**
   * A public feed's delta (docs/broadcast.md): applied to the state it follows; one that follows a state this page
   * does not have (it joined late, or missed a delta) asks for the state of its seq whole ({@link onMissing}).
   */
  private takeDelta(e: Entry, json: unknown): boolean {
    const d = json as Partial<StateDelta>;
    if (typeof d?.seq !== 'number' || typeof d.prev !== 'number') {
      this.rejected++;
      return false;
    }
    if (e.state !== null && d.seq <= e.state.seq) {
      return false; // repeated, or older than the state fetched meanwhile
    }
    const made = e.state !== null && e.state.seq === d.prev ? applyDelta(e.state, d as StateDelta) : null;
    if (made === null || !isState(made)) {
      this.onMissing(e.event, e.board, d.seq);
      return false;
    }
    return this.takeState(e, made);
  }

  private takeStatus(e: Entry, json: unknown): boolean {
    const status = (json as { status?: unknown })?.status;
    if (status !== 'online' && status !== 'offline') {
      this.rejected++;
      return false;
    }
    const online = status === 'online';
    if (online && e.online === false) {
      e.acceptAnyNextState = true; // a restart: its first state is taken even if its journal was lost
    }
    const s = json as { boardStatus?: unknown; problem?: unknown };
    const halted = online && s.boardStatus === 'halted' ? (typeof s.problem === 'string' ? s.problem : '') : null;
    const changed = e.online !== online || e.halted !== halted;
    e.online = online;
    e.halted = halted;
    return changed;
  }

  private takeReview(e: Entry, json: unknown): boolean {
    if (!isReview(json)) {
      this.rejected++;
      return false;
    }
    e.review = json;
    return true;
  }

  private takeAnalysis(e: Entry, json: unknown): boolean {
    const a = json as { game?: unknown; ply?: unknown; score?: unknown; depth?: unknown; pv?: unknown };
    if (typeof a?.game !== 'string' || typeof a.ply !== 'number' || typeof a.score !== 'number' || !Array.isArray(a.pv)) {
      this.rejected++;
      return false;
    }
    if (e.analysisGame !== null && a.game !== e.analysisGame) {
      return false;
    }
    e.analysisGame = a.game;
    // The message carries the game's earlier scores too (daemons before this field: absent): a late viewer gets the
    // whole graph. Their depth and line are not sent; a score already here keeps its own.
    const scores = (json as { scores?: unknown }).scores;
    if (Array.isArray(scores)) {
      for (const pair of scores) {
        if (Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number' && pair[0] < a.ply
            && !e.analysis.has(pair[0])) {
          e.analysis.set(pair[0], { ply: pair[0], score: pair[1], depth: 0, pv: [] });
        }
      }
    }
    for (const ply of [...e.analysis.keys()]) {
      if (ply > a.ply) e.analysis.delete(ply); // taken back
    }
    e.analysis.set(a.ply, { ply: a.ply, score: a.score, depth: Number(a.depth) || 0, pv: a.pv.map(String) });
    return true;
  }
}

/**
 * What changed from one public state to the next (the hub's `delta` topic, docs/broadcast.md): fields set whole,
 * objects merged field by field (the clock), arrays cut to a length and appended to (a move, a takeback), fields
 * dropped. The hub's PublicDelta makes them; this is the viewer's side of it.
 */
export interface StateDelta {
  readonly seq: number;
  readonly prev: number;
  readonly set?: Record<string, unknown>;
  readonly merge?: Record<string, Record<string, unknown>>;
  readonly cut?: Record<string, number>;
  readonly append?: Record<string, unknown[]>;
  readonly drop?: string[];
}

/** The state `delta` makes of `state`, or null if it does not follow from it. */
export function applyDelta(state: GameStateMessage, delta: StateDelta): GameStateMessage | null {
  if (state.seq !== delta.prev) {
    return null;
  }
  const made: Record<string, unknown> = { ...state };
  for (const name of delta.drop ?? []) {
    delete made[name];
  }
  Object.assign(made, delta.set ?? {});
  for (const [name, changes] of Object.entries(delta.merge ?? {})) {
    made[name] = { ...(made[name] as object), ...changes };
  }
  for (const [name, length] of Object.entries(delta.cut ?? {})) {
    made[name] = (made[name] as unknown[]).slice(0, length);
  }
  for (const [name, items] of Object.entries(delta.append ?? {})) {
    made[name] = [...((made[name] as unknown[] | undefined) ?? []), ...items];
  }
  made.seq = delta.seq;
  return made as unknown as GameStateMessage;
}

function isReview(json: unknown): json is Review {
  const r = json as Partial<Review>;
  return typeof r === 'object' && r !== null && typeof r.game === 'string' && Array.isArray(r.moves)
    && Array.isArray(r.worst) && typeof r.summary === 'object' && r.summary !== null
    && r.moves.every((m) => typeof m?.ply === 'number' && typeof m.move === 'string' && typeof m.evaluation === 'number'
      && typeof m.mark === 'string' && typeof m.markJapanese === 'string');
}

function isState(json: unknown): json is GameStateMessage {
  const s = json as Partial<GameStateMessage>;
  return typeof s === 'object' && s !== null && typeof s.seq === 'number' && typeof s.game === 'string'
    && typeof s.startSfen === 'string' && typeof s.sfen === 'string' && Array.isArray(s.moves)
    && Array.isArray(s.movesJapanese) && typeof s.players === 'object' && s.players !== null
    && typeof s.clock === 'object' && s.clock !== null && typeof s.boardStatus === 'object' && s.boardStatus !== null
    && ['standard', 'okisaki', 'minishogi'].includes(String(s.variant));
}

/**
 * The clock a viewer sees now: the state's times minus what has passed since it arrived, for the running side (main
 * time first, then byoyomi).
 */
export function liveClock(clock: ClockInfo, sinceMillis: number): { black: number; white: number; byoyomi: number } {
  const out = { black: clock.black, white: clock.white, byoyomi: clock.byoyomi };
  if (clock.running === null || sinceMillis <= 0) {
    return out;
  }
  let passed = sinceMillis;
  const main = out[clock.running];
  const fromMain = Math.min(main, passed);
  out[clock.running] = main - fromMain;
  passed -= fromMain;
  out.byoyomi = Math.max(0, out.byoyomi - passed);
  return out;
}

/** 9:58, 1:02:03 or 0:07 for a time in milliseconds (rounded up, as clocks show it). */
export function formatClock(millis: number): string {
  const total = Math.max(0, Math.ceil(millis / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
