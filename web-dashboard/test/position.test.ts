import { describe, expect, it } from 'vitest';
import { NotationError, Position, VARIANTS, replay } from '../src/shogi/position';
import { western } from '../src/shogi/notation';

describe('Position', () => {
  it.each(Object.values(VARIANTS))('reads and writes the start of $name unchanged', (variant) => {
    const p = Position.fromSfen(variant.startSfen);
    expect(p.variant).toBe(variant);
    expect(p.toSfen()).toBe(variant.startSfen);
    expect(p.sideToMove).toBe('black');
  });

  it('replays captures, promotions and drops into the SFEN the daemon publishes', () => {
    // A bishop exchange: 7g7f 3c3d 8h2b+ 3a2b B*4e. The daemon's SFEN after it, from its rules core.
    const positions = replay(VARIANTS.standard.startSfen, ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e']);
    expect(positions).toHaveLength(6);
    expect(positions[3].toSfen()).toBe('lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4');
    expect(positions[4].toSfen()).toBe('lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5');
    expect(positions[5].toSfen()).toBe('lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6');
    expect(positions[0].toSfen()).toBe(VARIANTS.standard.startSfen); // each ply its own copy
  });

  it('counts hands with numbers and keeps the komadai order', () => {
    const p = Position.fromSfen('4k4/9/9/9/9/9/9/9/4K4 b 2P3pRb 1');
    expect(p.handCount('black', 'P')).toBe(2);
    expect(p.handCount('white', 'P')).toBe(3);
    expect(p.toSfen()).toBe('4k4/9/9/9/9/9/9/9/4K4 b R2Pb3p 1');
  });

  it('handles ten files in Okisaki: two-digit counts and file 10', () => {
    const p = Position.fromSfen(VARIANTS.okisaki.startSfen);
    expect(p.at({ file: 10, rank: 10 })).toEqual({ letter: 'L', promoted: false, side: 'black' });
    expect(p.at({ file: 5, rank: 1 })).toEqual({ letter: 'Q', promoted: false, side: 'white' });
    expect(p.kingSquare('white')).toEqual({ file: 6, rank: 1 });
    p.play('10h10g');
    expect(p.toSfen()).toBe('lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/P9/1PPPPPPPPP/1B6R1/LNSGQKGSNL w - 2');
  });

  it('refuses a bad SFEN and an impossible move with a clear message', () => {
    expect(() => Position.fromSfen('lnsgkgsnl/9 b - 1')).toThrow(NotationError);
    expect(() => Position.fromSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1'))
      .toThrow('Rank 9 has 8 squares, not 9');
    expect(() => Position.fromSfen(VARIANTS.standard.startSfen).play('5e5d')).toThrow('no piece of the side to move');
    expect(() => Position.fromSfen(VARIANTS.standard.startSfen).play('P*5e')).toThrow('no P in hand');
    expect(() => Position.fromSfen(VARIANTS.standard.startSfen).play('11a1b')).toThrow(NotationError);
  });
});

describe('Western notation', () => {
  it('writes piece, origin, move or capture, destination, and promotion taken or declined', () => {
    const start = Position.fromSfen(VARIANTS.standard.startSfen);
    expect(western(start, '7g7f')).toBe('P7g-7f');
    const positions = replay(VARIANTS.standard.startSfen, ['7g7f', '3c3d', '8h2b+', '3a2b']);
    expect(western(positions[2], '8h2b+')).toBe('B8hx2b+');
    expect(western(positions[3], '3a2b')).toBe('S3ax2b');
    expect(western(positions[4], 'B*4e')).toBe('B*4e');
    const zone = Position.fromSfen('4k4/9/4P4/9/9/9/9/9/4K4 b - 1');
    expect(western(zone, '5c5b')).toBe('P5c-5b=');
    const promoted = Position.fromSfen('4k4/9/4+P4/9/9/9/9/9/4K4 b - 1');
    expect(western(promoted, '5c5b')).toBe('+P5c-5b');
  });
});
