import { sql } from 'drizzle-orm';

/** SQL pieces the feed and the candidate reads share. */
export const num = (value: number) => sql.raw(String(Math.trunc(value)));
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
export const uuidArray = (values: readonly string[]) => sql`${sql.param([...values])}::uuid[]`;
/** Raw SQL hands timestamps back as strings; epoch milliseconds convert without guessing. */
export const epochMs = (column: string) =>
  sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
