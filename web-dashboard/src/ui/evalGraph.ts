// The evaluation over the game, from the analysis the daemon publishes: black's advantage up, white's down, clipped
// at ±2000 centipawns so that one mate score does not flatten the rest. The shown ply is marked.

import { Analysis } from '../live/store';

const W = 300;
const H = 80;
const CLIP = 2000;

export function evaluationGraph(analysis: ReadonlyMap<number, Analysis>, plies: number, shownPly: number): string {
  if (analysis.size === 0) {
    return '';
  }
  const x = (ply: number) => (plies <= 1 ? 0 : (ply / plies) * W);
  const y = (score: number) => H / 2 - (Math.max(-CLIP, Math.min(CLIP, score)) / CLIP) * (H / 2 - 2);
  const points = [...analysis.values()].sort((a, b) => a.ply - b.ply)
    .map((a) => `${x(a.ply).toFixed(1)},${y(a.score).toFixed(1)}`).join(' ');
  const last = analysis.get(shownPly);
  const label = last ? `${last.score > 0 ? '+' : ''}${last.score}` : '';
  return `<svg class="eval-graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="evaluation">`
    + `<line class="axis" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>`
    + `<polyline class="eval" points="${points}"/>`
    + `<line class="shown" x1="${x(shownPly)}" y1="0" x2="${x(shownPly)}" y2="${H}"/>`
    + `<text class="eval-label" x="4" y="12">${label}</text></svg>`;
}
