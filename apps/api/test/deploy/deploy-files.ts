/**
 * Reads the deployment files as docker compose, docker build and an operator's .env would:
 * compose interpolation (${VAR:-default}, ${VAR:?message}, nesting), .env parsing, profiles,
 * .dockerignore matching and Dockerfile stages. Only what the deploy tests need, but each
 * rule as the tools apply it.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const readRepoFile = (rel: string): string => readFileSync(path.join(ROOT, rel), 'utf8');
export const readYaml = (rel: string): unknown => parse(readRepoFile(rel));

// ---- .env ------------------------------------------------------------------------------------

export interface DotEnv {
  /** KEY=value lines: what `cp .env.example .env` sets. */
  values: Record<string, string>;
  /** Every KEY named as `KEY=` or `# KEY=`: set or documented as an option. */
  documented: Set<string>;
}

/** Compose's .env format: KEY=value, `#` comments, optional quotes, ` #` starts an inline comment. */
export function parseDotEnv(text: string): DotEnv {
  const values: Record<string, string> = {};
  const documented = new Set<string>();
  for (const line of text.split('\n')) {
    const commented = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (commented) {
      documented.add(commented[1]!);
      continue;
    }
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    values[m[1]!] = value;
    documented.add(m[1]!);
  }
  return { values, documented };
}

// ---- compose interpolation -------------------------------------------------------------------

export class InterpolationError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** The Compose Specification's interpolation: $VAR, ${VAR}, :- - :? ? :+ +, $$, nested values. */
export function interpolate(input: string, env: Record<string, string | undefined>): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c !== '$') {
      out += c;
      i += 1;
    } else if (input[i + 1] === '$') {
      out += '$';
      i += 2;
    } else if (input[i + 1] === '{') {
      const end = closingBrace(input, i + 1);
      out += substitute(input.slice(i + 2, end), env);
      i = end + 1;
    } else {
      const name = NAME.exec(input.slice(i + 1))?.[0];
      if (name) {
        out += env[name] ?? '';
        i += 1 + name.length;
      } else {
        out += c;
        i += 1;
      }
    }
  }
  return out;
}

function closingBrace(input: string, open: number): number {
  let depth = 0;
  for (let i = open; i < input.length; i += 1) {
    if (input[i] === '{') depth += 1;
    else if (input[i] === '}' && --depth === 0) return i;
  }
  throw new InterpolationError(`invalid interpolation format: ${input.slice(open - 1)}`);
}

function substitute(expr: string, env: Record<string, string | undefined>): string {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(expr);
  if (!m) throw new InterpolationError(`invalid interpolation format: \${${expr}}`);
  const [, name, op, arg = ''] = m as unknown as [string, string, string | undefined, string];
  const value = env[name];
  const unset = value === undefined;
  const empty = unset || value === '';
  const missing = (when: boolean) => {
    if (when) {
      throw new InterpolationError(
        `required variable ${name} is missing a value: ${interpolate(arg, env)}`,
      );
    }
    return value!;
  };
  switch (op) {
    case undefined:
      return value ?? '';
    case ':-':
      return empty ? interpolate(arg, env) : value;
    case '-':
      return unset ? interpolate(arg, env) : value;
    case ':?':
      return missing(empty);
    case '?':
      return missing(unset);
    case ':+':
      return empty ? '' : interpolate(arg, env);
    default:
      return unset ? '' : interpolate(arg, env);
  }
}

/** Every string in a parsed YAML tree interpolated (keys stay as written, as in compose). */
export function interpolateTree<T>(node: T, env: Record<string, string | undefined>): T {
  if (typeof node === 'string') return interpolate(node, env) as T;
  if (Array.isArray(node)) return node.map((n: unknown) => interpolateTree(n, env)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env)]),
    ) as T;
  }
  return node;
}

/** Every variable a text refers to, with or without a default. */
export function referencedVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)|\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const before = text[m.index! - 1];
    if (before !== '$') names.add((m[1] ?? m[2])!);
  }
  return names;
}

// ---- compose model -----------------------------------------------------------------------------

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; args?: Record<string, string> };
  profiles?: string[];
  restart?: string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | number)[];
  volumes?: string[];
  command?: string | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
}
export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Services compose starts: those without profiles, and those whose profile is enabled. */
export function activeServices(file: ComposeFile, composeProfiles = ''): string[] {
  const enabled = new Set(
    composeProfiles
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  return Object.entries(file.services)
    .filter(([, s]) => !s.profiles?.length || s.profiles.some((p) => enabled.has(p)))
    .map(([name]) => name);
}

// ---- Dockerfile and .dockerignore --------------------------------------------------------------

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}
export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const kw = keyword.toUpperCase();
    if (kw === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({
        from: m?.[1] ?? args,
        name: m?.[2] ?? String(stages.length),
        instructions: [],
      });
    } else if (stages.length === 0 && kw === 'ARG') {
      const [name, value = ''] = args.split('=');
      globalArgs[name!.trim()] = value.trim();
    } else {
      stages.at(-1)?.instructions.push({ keyword: kw, args });
    }
  }
  return { globalArgs, stages };
}

/** A COPY's sources and destination, and its --from stage if any. */
export function copyParts(args: string): { from?: string; sources: string[]; dest: string } {
  const tokens = args.split(/\s+/);
  let from: string | undefined;
  while (tokens[0]?.startsWith('--')) {
    const flag = tokens.shift()!;
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
  }
  const dest = tokens.pop()!;
  return { from, sources: tokens, dest };
}

/** Docker's .dockerignore rules: Go path matching, `**` for any depth, `!` re-includes. */
export function dockerignore(text: string): (rel: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = path.posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, ''));
      return { negate, regex: new RegExp(`^${globToRegex(pattern.replace(/\/+$/, ''))}$`) };
    });
  return (rel: string) => {
    const parts = rel.split('/');
    let excluded = false;
    for (const { negate, regex } of rules) {
      // A pattern that matches a folder excludes everything below it.
      for (let n = 1; n <= parts.length; n += 1) {
        if (regex.test(parts.slice(0, n).join('/'))) {
          excluded = !negate;
          break;
        }
      }
    }
    return excluded;
  };
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (glob.startsWith('**/', i)) {
      out += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

// ---- the workspace ------------------------------------------------------------------------------

/** Every workspace project's package.json, from pnpm-workspace.yaml's globs (one level). */
export function workspaceManifests(): string[] {
  const { packages } = readYaml('pnpm-workspace.yaml') as { packages: string[] };
  const found = ['package.json'];
  for (const glob of packages) {
    const dirs = glob.endsWith('/*')
      ? readdirSync(path.join(ROOT, glob.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${glob.slice(0, -2)}/${d.name}`)
      : [glob];
    for (const dir of dirs) {
      if (existsSync(path.join(ROOT, dir, 'package.json'))) found.push(`${dir}/package.json`);
    }
  }
  return found;
}
