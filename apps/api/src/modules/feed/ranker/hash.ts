/** 32-bit hash of `text` salted with `seed` (FNV-1a + murmur3 finaliser): deterministic ties. */
export function seededHash(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  h = Math.imul(h ^ (seed >>> 16), 0x01000193) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return avalanche32(h);
}

/** murmur3's 32-bit finaliser: every input bit flips about half of the output bits. */
export function avalanche32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
