/**
 * Writes docs/api.md from the route table (packages/shared ROUTES):
 *   pnpm --filter @lede/api docs:api
 * test/api-reference.test.ts fails when the file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { API_REFERENCE_PATH, apiReference } from './docs-api/generate.js';

writeFileSync(API_REFERENCE_PATH, apiReference());
console.log(`wrote ${API_REFERENCE_PATH.pathname}`);
