// The distinct searches the benchmarks ask: real words, prefixes and word pairs from the corpus
// titles, in a fixed order (read-path times them over HTTP, search-plans explains them).
import crypto from 'node:crypto';

/** Deterministic shuffle (no Math.random), so every run asks the same queries. */
function seededShuffle(items, seed) {
  const out = [...items];
  let state = crypto.createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Words, prefixes and adjacent word pairs from real titles; distinct, lowercase. */
async function corpusQueries(pool, count) {
  const { rows } = await pool.query(
    "select title from articles where link not like '%#copy-%' order by link limit 5000",
  );
  const words = new Set();
  const pairs = new Set();
  for (const { title } of rows) {
    const ws = title.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
    ws.forEach((w) => words.add(w));
    for (let i = 0; i + 1 < ws.length; i++) pairs.add(`${ws[i]} ${ws[i + 1]}`);
  }
  const wordList = seededShuffle([...words].sort(), 'words');
  const prefixes = [...new Set(wordList.filter((w) => w.length >= 6).map((w) => w.slice(0, 4)))];
  const pairList = seededShuffle([...pairs].sort(), 'pairs');
  const share = Math.ceil(count / 3);
  const queries = [
    ...wordList.slice(0, share),
    ...prefixes.slice(0, share),
    ...pairList.slice(0, share),
  ];
  return [...new Set(queries)].slice(0, count);
}

/** Searches asked to warm up before the measured ones (different queries, same kinds). */
const WARMUP_SEARCHES = 50;

/** read-path's distinct searches: `measured` (count of them) and the `warmup` asked before. */
export async function distinctSearches(pool, count) {
  const all = await corpusQueries(pool, count + WARMUP_SEARCHES);
  return { measured: all.slice(0, count), warmup: all.slice(count) };
}
