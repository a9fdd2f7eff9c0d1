// Prints one closing line, "tests: N passed, N failed", from the test output of a CI run:
// vitest's "Tests  [F failed | ]P passed (T)" summaries and Playwright's "P passed (…)" / "F failed".
import { readFileSync } from 'node:fs';

// eslint-disable-next-line no-control-regex -- ANSI colour codes are exactly what is stripped here.
const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
for (const m of text.matchAll(/Tests\s+(?:(\d+) failed\s*\|\s*)?(\d+) passed/g)) {
  failed += Number(m[1] ?? 0);
  passed += Number(m[2]);
}
for (const m of text.matchAll(/Tests\s+(\d+) failed \(/g)) failed += Number(m[1]);
for (const m of text.matchAll(/test:e2e:\s+(\d+) passed \(/g)) passed += Number(m[1]);
for (const m of text.matchAll(/test:e2e:\s+(\d+) failed\b/g)) failed += Number(m[1]);
console.log(`tests: ${passed} passed, ${failed} failed`);
