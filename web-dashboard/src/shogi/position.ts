// A shogi position as the dashboard needs it: read from SFEN, moved by USI moves, written back to SFEN. It trusts
// the daemon's rules core for legality (the daemon only publishes legal moves) and knows just enough to replay them:
// captures go to the hand unpromoted, "+" promotes, "P*5e" drops.

export type Side = 'black' | 'white';

export interface VariantInfo {
  readonly name: 'standard' | 'okisaki' | 'minishogi';
  readonly files: number;
  readonly ranks: number;
  readonly startSfen: string;
  /** Hand pieces in the order a komadai shows them (upper-case SFEN letters). */
  readonly handOrder: readonly string[];
}

export const VARIANTS: Record<VariantInfo['name'], VariantInfo> = {
  standard: {
    name: 'standard', files: 9, ranks: 9,
    startSfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    handOrder: ['R', 'B', 'G', 'S', 'N', 'L', 'P'],
  },
  okisaki: {
    name: 'okisaki', files: 10, ranks: 10,
    startSfen: 'lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1',
    handOrder: ['Q', 'R', 'B', 'G', 'S', 'N', 'L', 'P'],
  },
  minishogi: {
    name: 'minishogi', files: 5, ranks: 5,
    startSfen: 'rbsgk/4p/5/P4/KGSBR b - 1',
    handOrder: ['R', 'B', 'G', 'S', 'P'],
  },
};

/** A piece on the board: its SFEN letter (upper case), whether it is promoted, and its owner. */
export interface Piece {
  readonly letter: string;
  readonly promoted: boolean;
  readonly side: Side;
}

/** A move decoded from USI. Squares are {file, rank} with file 1 on the right (black's view), rank 1 at the top. */
export interface Move {
  readonly from: Square | null;
  readonly to: Square;
  readonly drop: string | null;
  readonly promote: boolean;
}

export interface Square {
  readonly file: number;
  readonly rank: number;
}

export class NotationError extends Error {}

export class Position {
  readonly variant: VariantInfo;
  /** board[rank - 1][files - file]: row by row from the top, left to right as drawn for black. */
  private readonly board: (Piece | null)[][];
  readonly hands: Record<Side, Map<string, number>>;
  sideToMove: Side;
  ply: number;

  private constructor(variant: VariantInfo, board: (Piece | null)[][], hands: Record<Side, Map<string, number>>,
                      sideToMove: Side, ply: number) {
    this.variant = variant;
    this.board = board;
    this.hands = hands;
    this.sideToMove = sideToMove;
    this.ply = ply;
  }

  static fromSfen(sfen: string, variant: VariantInfo = variantOfSfen(sfen)): Position {
    const parts = sfen.trim().split(/\s+/);
    if (parts.length < 3) {
      throw new NotationError(`Bad SFEN. '${sfen}' needs a board, a side and hands.`);
    }
    const rows = parts[0].split('/');
    if (rows.length !== variant.ranks) {
      throw new NotationError(`Bad SFEN. '${parts[0]}' has ${rows.length} ranks, not ${variant.ranks}.`);
    }
    const board = rows.map((row, r) => parseRow(row, variant.files, r + 1));
    if (parts[1] !== 'b' && parts[1] !== 'w') {
      throw new NotationError(`Bad SFEN. The side to move must be b or w, not '${parts[1]}'.`);
    }
    const hands: Record<Side, Map<string, number>> = { black: new Map(), white: new Map() };
    if (parts[2] !== '-') {
      let count = '';
      for (const c of parts[2]) {
        if (/[0-9]/.test(c)) {
          count += c;
          continue;
        }
        const side: Side = c === c.toUpperCase() ? 'black' : 'white';
        const letter = c.toUpperCase();
        if (!variant.handOrder.includes(letter)) {
          throw new NotationError(`Bad SFEN. '${c}' is not a piece a komadai holds.`);
        }
        hands[side].set(letter, (hands[side].get(letter) ?? 0) + (count === '' ? 1 : Number(count)));
        count = '';
      }
    }
    const ply = parts.length > 3 ? Number(parts[3]) : 1;
    return new Position(variant, board, hands, parts[1] === 'b' ? 'black' : 'white', Number.isFinite(ply) ? ply : 1);
  }

  copy(): Position {
    return new Position(this.variant, this.board.map((row) => row.slice()),
      { black: new Map(this.hands.black), white: new Map(this.hands.white) }, this.sideToMove, this.ply);
  }

  at(square: Square): Piece | null {
    return this.board[square.rank - 1][this.variant.files - square.file];
  }

  private put(square: Square, piece: Piece | null): void {
    this.board[square.rank - 1][this.variant.files - square.file] = piece;
  }

  handCount(side: Side, letter: string): number {
    return this.hands[side].get(letter) ?? 0;
  }

  /** Play a USI move (trusted to be legal); return the piece that moved, as it was before the move, and any capture. */
  play(usi: string): { moved: Piece; captured: Piece | null; move: Move } {
    const move = parseUsiMove(usi, this.variant);
    const side = this.sideToMove;
    let moved: Piece;
    let captured: Piece | null = null;
    if (move.drop !== null) {
      const n = this.handCount(side, move.drop);
      if (n === 0 || this.at(move.to) !== null) {
        throw new NotationError(`Impossible move. ${usi}: no ${move.drop} in hand or the square is taken.`);
      }
      this.hands[side].set(move.drop, n - 1);
      moved = { letter: move.drop, promoted: false, side };
      this.put(move.to, moved);
    } else {
      const piece = this.at(move.from!);
      if (piece === null || piece.side !== side) {
        throw new NotationError(`Impossible move. ${usi}: no piece of the side to move on the square it leaves.`);
      }
      captured = this.at(move.to);
      if (captured !== null) {
        if (captured.side === side) {
          throw new NotationError(`Impossible move. ${usi}: it takes its own piece.`);
        }
        this.hands[side].set(captured.letter, this.handCount(side, captured.letter) + 1);
      }
      moved = piece;
      this.put(move.from!, null);
      this.put(move.to, move.promote ? { ...piece, promoted: true } : piece);
    }
    this.sideToMove = side === 'black' ? 'white' : 'black';
    this.ply++;
    return { moved, captured, move };
  }

  /** The SFEN of this position. */
  toSfen(): string {
    const rows = this.board.map((row) => {
      let out = '';
      let empty = 0;
      for (const p of row) {
        if (p === null) {
          empty++;
          continue;
        }
        if (empty > 0) {
          out += String(empty);
          empty = 0;
        }
        out += (p.promoted ? '+' : '') + (p.side === 'black' ? p.letter : p.letter.toLowerCase());
      }
      return empty > 0 ? out + String(empty) : out;
    });
    let hands = '';
    for (const side of ['black', 'white'] as const) {
      for (const letter of this.variant.handOrder) {
        const n = this.handCount(side, letter);
        if (n > 0) {
          hands += (n > 1 ? String(n) : '') + (side === 'black' ? letter : letter.toLowerCase());
        }
      }
    }
    return `${rows.join('/')} ${this.sideToMove === 'black' ? 'b' : 'w'} ${hands || '-'} ${this.ply}`;
  }

  /** The square of a side's king, or null. */
  kingSquare(side: Side): Square | null {
    for (let rank = 1; rank <= this.variant.ranks; rank++) {
      for (let file = 1; file <= this.variant.files; file++) {
        const p = this.at({ file, rank });
        if (p !== null && p.letter === 'K' && p.side === side) {
          return { file, rank };
        }
      }
    }
    return null;
  }
}

function parseRow(row: string, files: number, rank: number): (Piece | null)[] {
  const out: (Piece | null)[] = [];
  let promoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (/[0-9]/.test(c)) {
      let digits = c;
      while (i + 1 < row.length && /[0-9]/.test(row[i + 1])) {
        digits += row[++i];
      }
      for (let k = 0; k < Number(digits); k++) {
        out.push(null);
      }
    } else if (c === '+') {
      promoted = true;
    } else if (/[a-zA-Z]/.test(c)) {
      out.push({ letter: c.toUpperCase(), promoted, side: c === c.toUpperCase() ? 'black' : 'white' });
      promoted = false;
    } else {
      throw new NotationError(`Bad SFEN. Rank ${rank} has '${c}'.`);
    }
  }
  if (out.length !== files) {
    throw new NotationError(`Bad SFEN. Rank ${rank} has ${out.length} squares, not ${files}.`);
  }
  return out;
}

/** The variant whose board size the SFEN's board has. */
export function variantOfSfen(sfen: string): VariantInfo {
  const ranks = sfen.trim().split(/\s+/)[0].split('/').length;
  return ranks === 10 ? VARIANTS.okisaki : ranks === 5 ? VARIANTS.minishogi : VARIANTS.standard;
}

export function parseSquare(text: string, variant: VariantInfo): Square {
  const m = /^(\d{1,2})([a-j])$/.exec(text);
  if (!m) {
    throw new NotationError(`Bad square. '${text}'.`);
  }
  const square = { file: Number(m[1]), rank: m[2].charCodeAt(0) - 96 };
  if (square.file < 1 || square.file > variant.files || square.rank > variant.ranks) {
    throw new NotationError(`Bad square. '${text}' is not on the ${variant.files}x${variant.ranks} board.`);
  }
  return square;
}

export function formatSquare(square: Square): string {
  return `${square.file}${String.fromCharCode(96 + square.rank)}`;
}

export function parseUsiMove(usi: string, variant: VariantInfo): Move {
  const drop = /^([A-Z])\*(\d{1,2}[a-j])$/.exec(usi);
  if (drop) {
    return { from: null, to: parseSquare(drop[2], variant), drop: drop[1], promote: false };
  }
  const m = /^(\d{1,2}[a-j])(\d{1,2}[a-j])(\+?)$/.exec(usi);
  if (!m) {
    throw new NotationError(`Bad move. '${usi}' is not USI.`);
  }
  return { from: parseSquare(m[1], variant), to: parseSquare(m[2], variant), drop: null, promote: m[3] === '+' };
}

/** The positions of a game: index k is the position after k moves. */
export function replay(startSfen: string, moves: readonly string[]): Position[] {
  const positions = [Position.fromSfen(startSfen)];
  for (const usi of moves) {
    const next = positions[positions.length - 1].copy();
    next.play(usi);
    positions.push(next);
  }
  return positions;
}
