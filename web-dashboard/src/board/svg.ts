// The board drawn as SVG text by our own code (shogiground and chessground are GPL): squares, pieces as kanji in
// the usual pentagon (white's turned round), both komadai with counts, coordinates, and the marks a viewer needs:
// the last move, a king in check, the squares to correct, a selected square, the computer's move to carry out (in
// the LEDs' blue: the origin blinks, the destination is steady, a drop shows its piece) and a hint as a yellow arrow.
// Every square and hand piece carries a data attribute, so the control panel can turn clicks into moves.

import { Position, Side, Square, formatSquare, parseUsiMove } from '../shogi/position';
import { handKanji, japaneseSquare, pieceKanji } from '../shogi/notation';
import { escapeXml } from '../ui/escape';

export interface BoardMarks {
  /** Squares of the last move (its origin, if any, and its destination). */
  readonly lastMove?: readonly Square[];
  /** The square of a king in check. */
  readonly check?: Square | null;
  /** Squares where the physical board differs from the game. */
  readonly correction?: readonly Square[];
  /** Komadai slots where the physical stand differs from the game ({@code black:P}): a piece too many or missing. */
  readonly correctionKomadai?: readonly string[];
  /** A square or hand piece chosen in the control panel. */
  readonly selected?: Square | { side: Side; letter: string } | null;
  /** The computer's move the player must carry out on the board (USI), drawn as the LEDs show it. */
  readonly engineMove?: string | null;
  /** A hinted move (USI), drawn as an arrow. */
  readonly hint?: string | null;
  /** The square of a move whose optional promotion is being chosen (yellow, blinking, as on the LEDs). */
  readonly promotion?: Square | null;
}

export interface BoardOptions {
  /** Draw from white's side. */
  readonly flipped?: boolean;
  readonly marks?: BoardMarks;
  /** Accessible title, e.g. "Board table3, move 24". */
  readonly title?: string;
}

const CELL = 40;
const LABEL = 18;
const STAND_WIDTH = 92;
const GAP = 10;

function same(a: Square, b: Square): boolean {
  return a.file === b.file && a.rank === b.rank;
}

/** The SVG (a complete element as text) of a position. */
export function renderBoard(position: Position, options: BoardOptions = {}): string {
  const { files, ranks } = position.variant;
  const flipped = options.flipped ?? false;
  const marks = options.marks ?? {};
  const boardX = STAND_WIDTH + GAP;
  const boardY = LABEL;
  const width = boardX + files * CELL + LABEL + GAP + STAND_WIDTH;
  const height = boardY + ranks * CELL + 4;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="board board-${files}x${ranks}" viewBox="0 0 ${width} ${height}" `
    + `role="img" data-variant="${position.variant.name}" data-flipped="${flipped}">`);
  if (options.title) {
    out.push(`<title>${escapeXml(options.title)}</title>`);
  }
  out.push(`<rect class="board-wood" x="${boardX}" y="${boardY}" width="${files * CELL}" height="${ranks * CELL}"/>`);

  // Where a square is drawn: column 0 is the left edge as seen by the viewer.
  const column = (file: number) => (flipped ? file - 1 : files - file);
  const row = (rank: number) => (flipped ? ranks - rank : rank - 1);

  const engine = moveOf(marks.engineMove, position);
  for (let rank = 1; rank <= ranks; rank++) {
    for (let file = 1; file <= files; file++) {
      const square = { file, rank };
      const x = boardX + column(file) * CELL;
      const y = boardY + row(rank) * CELL;
      const classes = ['square'];
      if (marks.lastMove?.some((s) => same(s, square))) classes.push('last-move');
      if (marks.check && same(marks.check, square)) classes.push('check');
      if (marks.correction?.some((s) => same(s, square))) classes.push('correction');
      const selected = marks.selected;
      if (selected && 'file' in selected && same(selected, square)) classes.push('selected');
      if (engine?.from && same(engine.from, square)) classes.push('engine-from');
      if (engine && same(engine.to, square)) classes.push(engine.drop ? 'engine-to engine-drop' : 'engine-to');
      if (marks.promotion && same(marks.promotion, square)) classes.push('promotion');
      out.push(`<rect class="${classes.join(' ')}" data-square="${formatSquare(square)}" x="${x}" y="${y}" `
        + `width="${CELL}" height="${CELL}"><title>${japaneseSquare(file, rank)}</title></rect>`);
      const piece = position.at(square);
      if (piece !== null) {
        // A piece faces its owner's opponent: white's pieces are upside down for black's view, and the other way round.
        const turned = (piece.side === 'white') !== flipped;
        out.push(pieceSvg(pieceKanji(piece), x + CELL / 2, y + CELL / 2, turned, piece.promoted, formatSquare(square), piece.side));
      }
    }
  }
  if (engine?.drop) {
    // The piece to drop, faint on its square, facing the side that drops it.
    const x = boardX + column(engine.to.file) * CELL;
    const y = boardY + row(engine.to.rank) * CELL;
    const side = position.sideToMove;
    out.push(pieceSvg(handKanji(engine.drop), x + CELL / 2, y + CELL / 2, (side === 'white') !== flipped, false,
      formatSquare(engine.to), side).replace('class="piece ', 'class="engine-drop-piece piece ').replace(' data-piece-square=', ' data-drop-square='));
  }
  const hint = moveOf(marks.hint, position);
  if (hint) {
    // From the piece's square, or from the mover's komadai for a drop, to the destination.
    const centre = (s: Square) => [boardX + column(s.file) * CELL + CELL / 2, boardY + row(s.rank) * CELL + CELL / 2];
    const moverNear = (position.sideToMove === 'black') !== flipped;
    const [x1, y1] = hint.from ? centre(hint.from)
      : [moverNear ? boardX + files * CELL + LABEL + GAP + STAND_WIDTH / 2 : STAND_WIDTH / 2, moverNear ? boardY + ranks * CELL - 20 : boardY + 20];
    const [x2, y2] = centre(hint.to);
    out.push(`<defs><marker id="hint-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto">`
      + `<path d="M 0 0 L 10 5 L 0 10 z" class="hint-head"/></marker></defs>`
      + `<line class="hint-arrow" data-hint="${escapeXml(marks.hint!)}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" `
      + `marker-end="url(#hint-head)"/>`);
  }
  // Coordinates: files along the top, ranks down the right side, in the viewer's orientation.
  for (let file = 1; file <= files; file++) {
    const x = boardX + column(file) * CELL + CELL / 2;
    out.push(`<text class="coord" x="${x}" y="${LABEL - 5}" text-anchor="middle">${file}</text>`);
  }
  for (let rank = 1; rank <= ranks; rank++) {
    const y = boardY + row(rank) * CELL + CELL / 2 + 5;
    out.push(`<text class="coord" x="${boardX + files * CELL + LABEL / 2}" y="${y}" text-anchor="middle">`
      + `${japaneseSquare(0, rank).slice(1)}</text>`);
  }
  // Komadai: the viewer's own side at the bottom right, the opponent's at the top left.
  const near: Side = flipped ? 'white' : 'black';
  const far: Side = near === 'black' ? 'white' : 'black';
  const fix = marks.correctionKomadai ?? [];
  out.push(standSvg(position, far, 0, boardY, ranks, true, marks.selected, fix));
  out.push(standSvg(position, near, boardX + files * CELL + LABEL + GAP, boardY, ranks, false, marks.selected, fix));
  out.push('</svg>');
  return out.join('');
}

function pieceSvg(kanji: string, cx: number, cy: number, turned: boolean, promoted: boolean, square: string, side: Side): string {
  const w = CELL * 0.4;
  const h = CELL * 0.45;
  // The pentagon of a shogi piece, pointing away from its owner.
  const shape = `M ${cx} ${cy - h} L ${cx + w * 0.8} ${cy - h * 0.6} L ${cx + w} ${cy + h} L ${cx - w} ${cy + h} `
    + `L ${cx - w * 0.8} ${cy - h * 0.6} Z`;
  const transform = turned ? ` transform="rotate(180 ${cx} ${cy})"` : '';
  const size = kanji.length > 1 ? 13 : 22;
  return `<g class="piece ${side}${promoted ? ' promoted' : ''}" data-piece-square="${square}"${transform}>`
    + `<path class="piece-body" d="${shape}"/>`
    + `<text class="piece-text" x="${cx}" y="${cy + size * 0.38}" font-size="${size}" text-anchor="middle">${kanji}</text></g>`;
}

function standSvg(position: Position, side: Side, x: number, boardY: number, ranks: number, top: boolean,
                  selected: BoardMarks['selected'], fix: readonly string[]): string {
  const height = Math.min(ranks * CELL, position.variant.handOrder.length * 30 + 40);
  const y = top ? boardY : boardY + ranks * CELL - height;
  const out: string[] = [];
  // A slot to fix is marked on its piece; a piece the game's stand does not hold (one too many) marks the stand.
  const toFix = fix.filter((slot) => slot.startsWith(`${side}:`)).map((slot) => slot.slice(side.length + 1));
  const standToFix = toFix.some((letter) => position.handCount(side, letter) === 0);
  out.push(`<g class="komadai ${side}${standToFix ? ' correction' : ''}" data-side="${side}"`
    + `${toFix.length ? ` data-fix="${escapeXml(toFix.join(' '))}"` : ''}>`);
  out.push(`<rect class="komadai-wood" x="${x}" y="${y}" width="${STAND_WIDTH}" height="${height}" rx="4"/>`);
  out.push(`<text class="komadai-mark" x="${x + 10}" y="${y + 22}">${side === 'black' ? '☗' : '☖'}</text>`);
  let line = 0;
  for (const letter of position.variant.handOrder) {
    const n = position.handCount(side, letter);
    if (n === 0) {
      continue;
    }
    const ly = y + 52 + line * 30;
    const isSelected = selected && !('file' in selected) && selected.side === side && selected.letter === letter;
    out.push(`<g class="hand-piece${isSelected ? ' selected' : ''}${toFix.includes(letter) ? ' correction' : ''}" data-hand="${side}:${letter}">`
      + `<rect x="${x + 4}" y="${ly - 22}" width="${STAND_WIDTH - 8}" height="28" fill="transparent"/>`
      + `<text class="piece-text" x="${x + 30}" y="${ly}" font-size="22" text-anchor="middle">${handKanji(letter)}</text>`
      + (n > 1 ? `<text class="hand-count" x="${x + 62}" y="${ly}" font-size="16" text-anchor="middle">${n}</text>` : '')
      + '</g>');
    line++;
  }
  out.push('</g>');
  return out.join('');
}

/** A USI move of this position's board, or null (none given, or not readable: the board is drawn without it). */
function moveOf(usi: string | null | undefined, position: Position): { from: Square | null; to: Square; drop: string | null } | null {
  if (!usi) return null;
  try {
    const move = parseUsiMove(usi, position.variant);
    return { from: move.from, to: move.to, drop: move.drop };
  } catch {
    return null;
  }
}
