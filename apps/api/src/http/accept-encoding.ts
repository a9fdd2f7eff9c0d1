/**
 * Which of our encodings a request's `Accept-Encoding` allows (RFC 9110 12.5.3): `br` and
 * `gzip`, with q-values; `*` stands for any encoding not listed; q=0 refuses. Brotli wins
 * a tie (smaller). A client sends the same header on every call, so answers are memoised
 * for a bounded number of distinct headers.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface Accepted {
  br: boolean;
  gzip: boolean;
  preferred: Encoding;
}

const NONE: Accepted = { br: false, gzip: false, preferred: 'identity' };
const MEMO_LIMIT = 64;
const memo = new Map<string, Accepted>();

function parse(header: string): Accepted {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split('=');
      if (k?.trim().toLowerCase() === 'q') {
        const n = Number(v?.trim());
        q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') any = q;
  }
  const qBr = br ?? any ?? 0;
  const qGzip = gzip ?? any ?? 0;
  const preferred: Encoding = qBr > 0 && qBr >= qGzip ? 'br' : qGzip > 0 ? 'gzip' : 'identity';
  return { br: qBr > 0, gzip: qGzip > 0, preferred };
}

export function acceptedEncodings(header: string | undefined): Accepted {
  if (!header) return NONE;
  let accepted = memo.get(header);
  if (!accepted) {
    accepted = parse(header);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(header, accepted);
  }
  return accepted;
}
