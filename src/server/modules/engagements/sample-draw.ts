import { createHash } from 'node:crypto';

/**
 * The reproducible sample draw (docs/audit.md "Samples"). The random numbers come from SHA-256 in
 * counter mode: the i-th number is the first 6 bytes of SHA-256("<seed>:<i>") read as a big-endian
 * integer, divided by 2^48 — a uniform number in [0, 1). A partial Fisher–Yates shuffle of the row
 * indices 0 … n-1 then picks the sample: for i = 0 … k-1, j = i + floor(u_i × (n − i)), swap i and j.
 * Anyone can repeat the draw from the population, the size and the recorded seed, in any language.
 */

const TWO_48 = 2 ** 48;

export function seededUniform(seed: string, counter: number): number {
  const digest = createHash('sha256').update(`${seed}:${counter}`, 'utf8').digest();
  return digest.readUIntBE(0, 6) / TWO_48;
}

/** Zero-based indices of `sampleSize` distinct rows of a population of `populationSize`, in draw order. */
export function drawIndices(populationSize: number, sampleSize: number, seed: string): number[] {
  if (sampleSize > populationSize) throw new RangeError('The sample is larger than the population.');
  const indices = Array.from({ length: populationSize }, (_, index) => index);
  for (let i = 0; i < sampleSize; i += 1) {
    const j = i + Math.floor(seededUniform(seed, i) * (populationSize - i));
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return indices.slice(0, sampleSize);
}
