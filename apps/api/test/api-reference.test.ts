import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH, apiReference } from '../scripts/docs-api/generate.js';

describe('docs/api.md', () => {
  it('is what the route table generates (run `pnpm --filter @lede/api docs:api`)', () => {
    expect(readFileSync(API_REFERENCE_PATH, 'utf8')).toBe(apiReference());
  });
});
