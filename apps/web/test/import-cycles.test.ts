// @vitest-environment node
/**
 * No file of the web client imports itself in a circle, through any number of files, type-only
 * imports included: a circle makes module order matter at run time and hides which part of the
 * app depends on which. A dynamic `import()` is a chunk boundary, loaded after both modules have
 * run, so it does not count; `typeof import('...')` in a type does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file an import names, for the app's own files ('@/' or relative); undefined otherwise. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
  return candidates.find((file) => /\.tsx?$/.test(file) && safeIsFile(file));
}

function safeIsFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What `file` imports statically: import and export declarations, and import types. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const targets = staticImports(file)
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components of more than one file, or of one that imports itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((component) => component.map((file) => path.relative(SRC, file)).sort());
}

describe('the web client imports', () => {
  it('form no circle, type-only imports included', () => {
    expect(circles(importGraph(sourceFiles(SRC)))).toEqual([]);
  });

  it("are read from '@/' and relative paths, type-only ones too, dynamic ones not", () => {
    const graph = importGraph(sourceFiles(SRC));
    const edges = (file: string) =>
      graph.get(path.join(SRC, file))?.map((f) => path.relative(SRC, f));
    expect(edges('app/router.tsx')).toEqual(
      expect.arrayContaining(['lib/article-route.tsx', 'app/guards.tsx', 'app/routes/landing.tsx']),
    );
    expect(edges('app/router.tsx')).not.toContain('app/routes/explore.tsx');
    expect(edges('app/preload.ts')).toContain('app/query-provider.tsx');
  });

  it('find a circle made on purpose', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts']]);
  });
});
