/** The constant of reciprocal rank fusion: larger flattens the weight of the top ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of several rankings (ids, best first): each id
 * scores the sum of 1 / (RRF_K + rank) over the lists it is in. Returns the
 * ids best first; ties keep the order of their first appearance.
 */
export function fuseRanks(rankings: readonly (readonly number[])[]): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + i + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** Cosine similarity of two vectors of one length (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
