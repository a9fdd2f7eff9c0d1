/** What fetching a source needs: a leaf shared by fetch-text.ts and ingestion.types.ts. */

/** The global fetch's signature; tests pass their own. */
export type FetchFn = typeof fetch;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}
