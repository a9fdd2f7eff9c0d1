/**
 * The API's layers (docs/architecture.md) as `pnpm lint` enforces them: platform code (http/,
 * db/, lib/, middleware/, changes/, config.ts) imports no feature module and not the
 * composition root; a feature uses another only through its index.ts. And no file of the API
 * or of packages/shared imports itself in a circle, not even through type imports: deps.ts
 * names only platform types, so features may take `AppDeps` while app.ts builds them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './deploy/deploy-files.js';

const eslint = new ESLint({ cwd: ROOT });

/** The messages of no-restricted-imports for `code` as if it were the file at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rules of pnpm lint', () => {
  it('refuse a platform file that imports a feature module', async () => {
    const errors = await layerErrors(
      'apps/api/src/http/example.ts',
      "import { currentSession } from '../modules/auth/index.js';\nexport const x = currentSession;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Platform code imports no feature');
  });

  it('refuse a platform file that imports the composition root', async () => {
    const errors = await layerErrors(
      'apps/api/src/db/example.ts',
      "import type { AppDeps } from '../deps.js';\nexport type X = AppDeps;\n",
    );
    expect(errors[0]).toContain('does not import the composition root');
  });

  it("refuse a feature that reaches into another feature's files, at any depth", async () => {
    const direct = await layerErrors(
      'apps/api/src/modules/profile/example.ts',
      "import { usersRepository } from '../users/users.repository.js';\nexport const x = usersRepository;\n",
    );
    expect(direct[0]).toContain('only through its public index.ts');
    const nested = await layerErrors(
      'apps/api/src/modules/feed/ranker/example.ts',
      "import { seedCorpusIfEmpty } from '../../articles/seed.js';\nexport const x = seedCorpusIfEmpty;\n",
    );
    expect(nested[0]).toContain('only through its public index.ts');
  });

  it("allow a feature's own files, platform code and other features' index.ts", async () => {
    const errors = await layerErrors(
      'apps/api/src/modules/profile/example.ts',
      [
        "import { usersRepository } from '../users/index.js';",
        "import { profileRepository } from './profile.repository.js';",
        "import { ApiError } from '../../lib/errors.js';",
        'export const x = [usersRepository, profileRepository, ApiError];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

// ---- import circles ------------------------------------------------------------------------

/** A relative import or re-export, type-only ones included; a side-effect or dynamic import too. */
const IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?[^'"]*?\s*from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|\bimport\('(\.[^']+)'\)/gm;

/** The relative paths `code` imports. */
function importedPaths(code: string): string[] {
  return [...code.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Every .ts file below `dir` (tests included) and the files it imports, by relative path. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name)) {
        const imports = importedPaths(readFileSync(file, 'utf8')).map((target) =>
          path.resolve(folder, target.replace(/\.js$/, '.ts')),
        );
        graph.set(file, imports);
      }
    }
  };
  walk(dir);
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one file, or a self-import. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target))
        low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const part: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      part.push(top);
    } while (top !== file);
    if (part.length > 1 || graph.get(file)!.includes(file)) found.push(part);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it.each(['apps/api/src', 'packages/shared/src'])('%s has none', (dir) => {
    const graph = importGraph(path.join(ROOT, dir));
    expect(graph.size).toBeGreaterThan(20);
    const found = circles(graph).map((part) => part.map((f) => path.relative(ROOT, f)));
    expect(found).toEqual([]);
  });

  it('deps.ts, which every feature may import, imports no feature', () => {
    const deps = readFileSync(path.join(ROOT, 'apps/api/src/deps.ts'), 'utf8');
    expect(importedPaths(deps).length).toBeGreaterThan(3);
    expect(importedPaths(deps).filter((target) => target.includes('modules/'))).toEqual([]);
  });

  it('the check finds a circle, and reads every kind of import', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph).map((part) => part.sort())).toEqual([['/a.ts', '/b.ts', '/c.ts']]);
    const code = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import {\n  type D,\n  e,\n} from './d.js';",
      "export { F } from './f.js';",
      "export type { G } from './g.js';",
      "import * as h from './h.js';",
      "import './i.js';",
      "const j = await import('./j.js');",
      "import { k } from 'k-package';",
    ].join('\n');
    expect(importedPaths(code)).toEqual([
      './a.js',
      './b.js',
      './d.js',
      './f.js',
      './g.js',
      './h.js',
      './i.js',
      './j.js',
    ]);
  });
});
