/** Up to two letters for a source: "HuffPost" → HP, "The Guardian" → G, "BBC News" → BN. */
export function sourceInitials(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .filter((w, i, all) => !(i === 0 && all.length > 1 && /^the$/i.test(w)));
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  const word = words[0] ?? '';
  const capitals = word.match(/\p{Lu}/gu) ?? [];
  if (capitals.length >= 2) return capitals.slice(0, 2).join('');
  return word.slice(0, 1).toUpperCase() || '·';
}
