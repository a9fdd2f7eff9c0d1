import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as constants from './entry-constants.js';
import * as everything from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module `file` loads at run time (type-only imports and exports are erased). */
function runtimeImports(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms),
  ].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const s of specifiers) {
    if (s.startsWith('.'))
      runtimeImports(path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('@lede/shared/constants', () => {
  it('loads no zod, directly or through what it imports', () => {
    const graph = runtimeImports(path.join(here, 'entry-constants.ts'));
    expect(graph.size).toBeGreaterThan(5);
    const withZod = [...graph].filter(([, specs]) =>
      specs.some((s) => s === 'zod' || s.startsWith('zod/')),
    );
    expect(withZod.map(([file]) => path.relative(here, file))).toEqual([]);
    // The check itself sees zod where it is.
    expect(
      runtimeImports(path.join(here, 'index.ts')).get(path.join(here, 'schemas/common.ts')),
    ).toContain('zod');
  });

  it('holds the same values as the main entry for what it exports', () => {
    for (const [name, value] of Object.entries(constants)) {
      expect(everything[name as keyof typeof everything], name).toBe(value);
    }
    expect(Object.keys(constants)).toEqual(
      expect.arrayContaining(['CATEGORIES', 'MESSAGES', 'CLIENT_MESSAGES', 'ERROR_CODES']),
    );
  });
});
