/**
 * A deterministic pseudo-random generator (xorshift32) for the fuzz tests: the same seed gives
 * the same sequence, so a failure is reproducible. Each call returns a number in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}
