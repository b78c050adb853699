// The evaluation over the game, from the analysis the daemon publishes during a game or the review it publishes after
// one: sente's (black's) chances up, gote's down. Scores are drawn as a winning chance, 1 / (1 + e^(-score/600)), as
// shogi GUIs do: a small edge is visible and a mate score does not flatten the rest. The shown ply is marked; the
// label gives the score there in centipawns. A review's marked moves (悪手, 好手...) are dots on the line.

import { Analysis, Review } from '../live/store';
import { escapeXml } from './escape';

const W = 300;
const H = 80;
/** Centipawns at which the winning chance is about 84 % (one logistic unit). */
const SCALE = 600;

/** Return the height of a score in the graph: 0 at the top (sente wins), H at the bottom (gote wins). */
export function scoreY(score: number): number {
  const chance = 1 / (1 + Math.exp(-score / SCALE));
  return H - chance * H;
}

/** The CSS class of a review's mark (`mistake`, `good move`...): `mark-mistake`, `mark-good-move`. */
export function markClass(mark: string): string {
  return `mark-${mark.replace(/ /g, '-')}`;
}

export function evaluationGraph(analysis: ReadonlyMap<number, Analysis>, plies: number, shownPly: number,
                                review: Review | null = null): string {
  const scores = review ? review.moves.map((m) => ({ ply: m.ply, score: m.evaluation }))
    : [...analysis.values()].sort((a, b) => a.ply - b.ply).map((a) => ({ ply: a.ply, score: a.score }));
  if (scores.length === 0) {
    return '';
  }
  const x = (ply: number) => (plies <= 1 ? 0 : (ply / plies) * W);
  const points = scores.map((a) => `${x(a.ply).toFixed(1)},${scoreY(a.score).toFixed(1)}`).join(' ');
  const shown = scores.find((a) => a.ply === shownPly);
  const label = shown ? `${shown.score > 0 ? '+' : ''}${shown.score}` : '';
  const dots = (review?.moves ?? []).filter((m) => m.mark !== '' && m.mark !== 'inaccuracy')
    .map((m) => `<circle class="mark ${markClass(m.mark)}" data-ply="${m.ply}" cx="${x(m.ply).toFixed(1)}" `
      + `cy="${scoreY(m.evaluation).toFixed(1)}" r="2.5"><title>${escapeXml(`${m.ply} ${m.japanese} ${m.markJapanese}`)}</title></circle>`)
    .join('');
  // Stretched to the column's width (preserveAspectRatio none); the strokes keep their width.
  return `<div class="eval-label">${escapeXml(label)}</div>`
    + `<svg class="eval-graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="evaluation">`
    + `<line class="axis" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" vector-effect="non-scaling-stroke"/>`
    + `<polyline class="eval" points="${points}" vector-effect="non-scaling-stroke"/>`
    + dots
    + `<line class="shown" x1="${x(shownPly)}" y1="0" x2="${x(shownPly)}" y2="${H}" vector-effect="non-scaling-stroke"/>`
    + '</svg>';
}
