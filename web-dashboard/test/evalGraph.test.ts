import { describe, expect, it } from 'vitest';
import { evaluationGraph, markClass, scoreY } from '../src/ui/evalGraph';
import { Analysis, Review } from '../src/live/store';

const analysis = (scores: Array<[number, number]>) =>
  new Map<number, Analysis>(scores.map(([ply, score]) => [ply, { ply, score, depth: 8, pv: [] }]));

describe('the evaluation graph', () => {
  it('draws nothing without analysis', () => {
    expect(evaluationGraph(new Map(), 10, 10)).toBe('');
  });

  it('puts an even game on the middle line, sente\'s edge above it, and keeps a mate score on the graph', () => {
    expect(scoreY(0)).toBe(40);
    expect(scoreY(100)).toBeLessThan(40);
    expect(scoreY(-100)).toBeGreaterThan(40);
    expect(40 - scoreY(100)).toBeGreaterThan(3); // a small edge is visible: more than 3 of 80 units
    expect(scoreY(100)).toBeCloseTo(80 - scoreY(-100), 6);
    expect(scoreY(32000)).toBeGreaterThanOrEqual(0);
    expect(scoreY(-32000)).toBeLessThanOrEqual(80);
  });

  it('has one point per analysed ply, in ply order, marks the shown ply and labels its score', () => {
    const svg = evaluationGraph(analysis([[3, -40], [1, 35], [2, 20]]), 4, 2);
    const points = /points="([^"]*)"/.exec(svg)![1].split(' ').map((p) => p.split(',').map(Number));
    expect(points.map((p) => p[0])).toEqual([75, 150, 225]);
    expect(points[0][1]).toBeLessThan(40);
    expect(points[2][1]).toBeGreaterThan(40);
    expect(svg).toContain('<line class="shown" x1="150"');
    expect(svg).toContain('<div class="eval-label">+20</div>');
  });

  it('draws a review instead of the analysis, with a dot on each marked move but the slight ones', () => {
    const move = (ply: number, evaluation: number, mark: string, markJapanese: string) =>
      ({ ply, move: '7g7f', japanese: '▲７六歩', evaluation, best: '2g2f', bestJapanese: '▲２六歩', loss: 0, mark, markJapanese });
    const review: Review = { game: 'g', summary: { ja: '', en: '' }, worst: [3],
      moves: [move(1, 30, '', ''), move(2, 20, 'inaccuracy', '緩手'), move(3, -900, 'mistake', '悪手'), move(4, -880, 'good move', '好手')] };
    const svg = evaluationGraph(analysis([[1, 500]]), 4, 3, review);
    const points = /points="([^"]*)"/.exec(svg)![1].split(' ');
    expect(points).toHaveLength(4); // the review's evaluations, not the analysis's one score
    expect(svg).toContain('<div class="eval-label">-900</div>');
    expect(svg.match(/<circle/g)).toHaveLength(2);
    expect(svg).toContain(`class="mark ${markClass('mistake')}" data-ply="3"`);
    expect(svg).toContain('class="mark mark-good-move" data-ply="4"');
    expect(svg).toContain('<title>3 ▲７六歩 悪手</title>');
  });
});

describe('the better move of a review', () => {
  it('is drawn before a mistake, not before a move that was fine', async () => {
    const { betterMoveAt } = await import('../src/ui/boardView');
    const move = (ply: number, mark: string) =>
      ({ ply, move: '7g7f', japanese: '', evaluation: 0, best: `best${ply}`, bestJapanese: '', loss: 0, mark, markJapanese: '' });
    const review: Review = { game: 'g', summary: { ja: '', en: '' }, worst: [2],
      moves: [move(1, ''), move(2, 'mistake'), move(3, 'dubious move'), move(4, 'good move')] };
    expect(betterMoveAt(review, 0)).toBeNull();
    expect(betterMoveAt(review, 1)).toBe('best2');
    expect(betterMoveAt(review, 2)).toBe('best3');
    expect(betterMoveAt(review, 3)).toBeNull();
    expect(betterMoveAt(review, 4)).toBeNull();
    expect(betterMoveAt(null, 1)).toBeNull();
  });
});
