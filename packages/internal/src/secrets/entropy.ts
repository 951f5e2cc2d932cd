/**
 * Shannon entropy of `text` in bits per character: 0 for one repeated
 * character, about 4 for random hex, about 5.7 for random base64. Words and
 * identifiers score lower than generated secrets of the same length.
 */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...text].length;
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
