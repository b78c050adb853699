import { describe, expect, it } from 'vitest';
import { renderBoard } from '../src/board/svg';
import { Position, VARIANTS, replay } from '../src/shogi/position';

function count(svg: string, pattern: RegExp): number {
  return (svg.match(pattern) ?? []).length;
}

describe('renderBoard', () => {
  it.each([
    ['standard', 81, 40, 20],
    ['okisaki', 100, 44, 22],
    ['minishogi', 25, 12, 6],
  ] as const)('draws every square and piece of %s, white\'s pieces turned', (name, squares, pieces, whitePieces) => {
    const svg = renderBoard(Position.fromSfen(VARIANTS[name].startSfen));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(count(svg, /data-square="/g)).toBe(squares);
    expect(count(svg, /<g class="piece /g)).toBe(pieces);
    expect(count(svg, /<g class="piece white[^>]*transform="rotate\(180/g)).toBe(whitePieces);
    expect(count(svg, /<g class="piece black[^>]*transform=/g)).toBe(0);
    expect(svg).toContain(`data-variant="${name}"`);
  });

  it('shows pieces as kanji, promoted ones in one character, and the kings of both sides', () => {
    const after = replay(VARIANTS.standard.startSfen, ['7g7f', '3c3d', '8h2b+'])[3];
    const svg = renderBoard(after);
    expect(svg).toMatch(/data-piece-square="2b"[^>]*><path[^>]*\/><text[^>]*>馬<\/text>/);
    expect(svg).toMatch(/<g class="piece black promoted" data-piece-square="2b"/);
    expect(svg).toMatch(/data-piece-square="5i"[^>]*><path[^>]*\/><text[^>]*>王</);
    expect(svg).toMatch(/data-piece-square="5a"[^>]*><path[^>]*\/><text[^>]*>玉</);
    // Black's komadai holds the bishop; white's is empty.
    expect(svg).toMatch(/<g class="komadai black"[^]*data-hand="black:B"[^]*<\/g><\/g>/);
    expect(svg).not.toContain('data-hand="white:');
    expect(renderBoard(Position.fromSfen(VARIANTS.okisaki.startSfen))).toMatch(/data-piece-square="5a"[^>]*><path[^>]*\/><text[^>]*>妃</);
  });

  it('counts several pieces of a kind on the komadai', () => {
    const svg = renderBoard(Position.fromSfen('4k4/9/9/9/9/9/9/9/4K4 b 3P 1'));
    expect(svg).toMatch(/data-hand="black:P">.*>歩<\/text><text class="hand-count"[^>]*>3<\/text>/);
  });

  it('marks the komadai slots to correct: a piece the stand should hold, or the stand of a piece too many', () => {
    const p = Position.fromSfen('4k4/9/9/9/9/9/9/9/4K4 b 2P 1');
    const svg = renderBoard(p, { marks: { correctionKomadai: ['black:P', 'white:B'] } });
    expect(svg).toMatch(/<g class="hand-piece correction" data-hand="black:P">/);
    expect(svg).toMatch(/<g class="komadai white correction" data-side="white" data-fix="B">/); // white holds no bishop
    expect(svg).toMatch(/<g class="komadai black" data-side="black" data-fix="P">/);
    expect(renderBoard(p)).not.toContain('correction');
  });

  it('marks the last move, a check, the squares to correct and a selection', () => {
    const p = Position.fromSfen(VARIANTS.standard.startSfen);
    const svg = renderBoard(p, {
      marks: {
        lastMove: [{ file: 7, rank: 7 }, { file: 7, rank: 6 }],
        check: { file: 5, rank: 9 },
        correction: [{ file: 2, rank: 8 }],
        selected: { file: 3, rank: 3 },
      },
    });
    expect(count(svg, /class="square last-move"/g)).toBe(2);
    expect(svg).toMatch(/class="square check" data-square="5i"/);
    expect(svg).toMatch(/class="square correction" data-square="2h"/);
    expect(svg).toMatch(/class="square selected" data-square="3c"/);
  });

  it('flips: 1a at the bottom left, black\'s pieces turned, white\'s komadai near the viewer', () => {
    const p = Position.fromSfen(VARIANTS.standard.startSfen);
    const normal = renderBoard(p);
    const flipped = renderBoard(p, { flipped: true });
    const x = (svg: string, square: string) => Number(new RegExp(`data-square="${square}" x="(\\d+)" y="(\\d+)"`).exec(svg)![1]);
    const y = (svg: string, square: string) => Number(new RegExp(`data-square="${square}" x="(\\d+)" y="(\\d+)"`).exec(svg)![2]);
    expect(x(normal, '9a')).toBeLessThan(x(normal, '1a'));
    expect(y(normal, '1a')).toBeLessThan(y(normal, '1i'));
    expect(x(flipped, '1a')).toBeLessThan(x(flipped, '9a'));
    expect(y(flipped, '1i')).toBeLessThan(y(flipped, '1a'));
    expect(count(flipped, /<g class="piece black[^>]*transform="rotate\(180/g)).toBe(20);
    expect(flipped.indexOf('class="komadai black"')).toBeLessThan(flipped.indexOf('class="komadai white"'));
  });

  it('escapes its title', () => {
    expect(renderBoard(Position.fromSfen(VARIANTS.minishogi.startSfen), { title: '<b>x</b>' }))
      .toContain('<title>&lt;b&gt;x&lt;/b&gt;</title>');
  });

  it('draws the computer\'s move as the LEDs show it, and a hint as an arrow', () => {
    const start = Position.fromSfen(VARIANTS.standard.startSfen);
    const moved = renderBoard(start, { marks: { engineMove: '7g7f' } });
    expect(moved).toMatch(/class="square engine-from" data-square="7g"/);
    expect(moved).toMatch(/class="square engine-to" data-square="7f"/);
    const drop = renderBoard(Position.fromSfen('4k4/9/9/9/9/9/9/9/4K4 w g 1'), { marks: { engineMove: 'G*5h' } });
    expect(drop).toMatch(/class="square engine-to engine-drop" data-square="5h"/);
    expect(drop).toMatch(/<g class="engine-drop-piece piece white" data-drop-square="5h"[^>]*><path[^>]*\/><text[^>]*>金</);
    const hinted = renderBoard(start, { marks: { hint: '2g2f' } });
    expect(hinted).toMatch(/<line class="hint-arrow" data-hint="2g2f" x1="([\d.]+)" y1="([\d.]+)" x2="\1" y2="([\d.]+)"/);
    expect(renderBoard(start, { marks: { hint: 'nonsense' } })).not.toContain('hint-arrow');
    // The promotion being chosen: its square in yellow, as the LED blinks there.
    expect(renderBoard(start, { marks: { promotion: { file: 2, rank: 3 } } })).toMatch(/class="square promotion" data-square="2c"/);
  });
});
