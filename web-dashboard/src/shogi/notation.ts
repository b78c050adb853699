// Piece names and move notation for the dashboard. Japanese move texts come from the daemon (its notation module
// knows 同, 右/左/直 and 成/不成); the Western texts are made here from the position, in the long form that needs
// no move generator: piece, origin, "-" or "x", destination, "+" or "=" (P7g-7f, B8hx2b+, P*5e).

import { Piece, Position, Side, VariantInfo, formatSquare } from './position';

const KANJI: Record<string, string> = { P: '歩', L: '香', N: '桂', S: '銀', B: '角', R: '飛', G: '金', K: '玉', Q: '妃' };
const PROMOTED_KANJI: Record<string, string> = { P: 'と', L: '杏', N: '圭', S: '全', B: '馬', R: '龍' };
/** Kinds that may promote (the queen of Okisaki does not). */
export const PROMOTABLE: ReadonlySet<string> = new Set(['P', 'L', 'N', 'S', 'B', 'R']);

/** The one-character kanji a piece shows on the board (black's king 王, white's 玉, as printed sets have them). */
export function pieceKanji(piece: Piece): string {
  if (piece.promoted) {
    return PROMOTED_KANJI[piece.letter] ?? '?';
  }
  if (piece.letter === 'K') {
    return piece.side === 'black' ? '王' : '玉';
  }
  return KANJI[piece.letter] ?? '?';
}

/** The kanji of an unpromoted piece kind, for the komadai. */
export function handKanji(letter: string): string {
  return KANJI[letter] ?? '?';
}

export function sideMark(side: Side): string {
  return side === 'black' ? '▲' : '△';
}

/** How many ranks at the far side are the promotion zone. */
export function zoneDepth(variant: VariantInfo): number {
  return variant.name === 'minishogi' ? 1 : 3;
}

/** Whether a rank is in the side's promotion zone. */
export function inZone(rank: number, side: Side, variant: VariantInfo): boolean {
  const depth = zoneDepth(variant);
  return side === 'black' ? rank <= depth : rank > variant.ranks - depth;
}

/** The Western text of a USI move played from {@code before} (which is not changed). */
export function western(before: Position, usi: string): string {
  const p = before.copy();
  const side = p.sideToMove;
  const { moved, captured, move } = p.play(usi);
  const dest = formatSquare(move.to);
  if (move.drop !== null) {
    return `${move.drop}*${dest}`;
  }
  const name = (moved.promoted ? '+' : '') + moved.letter;
  let text = `${name}${formatSquare(move.from!)}${captured ? 'x' : '-'}${dest}`;
  if (move.promote) {
    text += '+';
  } else if (!moved.promoted && PROMOTABLE.has(moved.letter)
      && (inZone(move.from!.rank, side, before.variant) || inZone(move.to.rank, side, before.variant))) {
    text += '=';
  }
  return text;
}

/** Full-width digits and kanji numerals, for square names in Japanese (７六). */
const FULL_WIDTH = '０１２３４５６７８９';
const KANJI_NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export function japaneseSquare(file: number, rank: number): string {
  const f = file === 10 ? '１０' : FULL_WIDTH[file];
  return f + KANJI_NUMERALS[rank];
}
