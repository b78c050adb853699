import { describe, expect, it } from 'vitest';
import { evaluationGraph, scoreY } from '../src/ui/evalGraph';
import { Analysis } from '../src/live/store';

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
});
