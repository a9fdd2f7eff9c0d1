import { z } from 'zod';
import {
  COMMON_ERRORS,
  ERROR_MESSAGES,
  ROUTES,
  VARIABLE_ERROR_CODES,
  type Route,
} from '@lede/shared';
import { readFileSync } from 'node:fs';

/** The prose that is not per route (conventions, codes, corpus), kept by hand. */
const INTRO = readFileSync(new URL('./intro.md', import.meta.url), 'utf8');

/** The path segment after /api names a route's group. */
const GROUPS: Record<string, string> = {
  health: 'Health and metrics',
  metrics: 'Health and metrics',
  ingestion: 'Health and metrics',
  'openapi.json': 'This reference, for machines',
  docs: 'This reference, for machines',
  auth: 'Sign-up, login and the session',
  articles: 'Articles',
  stories: 'Stories',
  userinteractions: 'Reactions and activity',
  recommendations: 'Feed and reader controls',
  profile: 'Profile',
  edition: 'Profile',
};
const ACCESS: Record<Route['access'], string> = {
  visitor: 'anyone',
  optional: 'anyone (session used)',
  signedIn: 'signed in',
};

/** An object schema's field names, `?` after the optional ones. */
function fieldNames(schema: z.ZodType, io: 'input' | 'output'): string[] | undefined {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  if (!json.properties) return undefined;
  return Object.keys(json.properties).map((k) => (json.required?.includes(k) ? k : `${k}?`));
}

function fields(schema: z.ZodType, io: 'input' | 'output'): string {
  const names = fieldNames(schema, io);
  if (names) return `\`{ ${names.join(', ')} }\``;
  return schema instanceof z.ZodUnion ? 'one of several shapes (see below)' : 'a JSON object';
}

function input(route: Route): string {
  if (route.upload) return `multipart \`${route.upload.field}\``;
  if (route.body) return fields(route.body, 'input');
  if (route.query) return `query \`${fieldNames(route.query, 'input')!.join(', ')}\``;
  return '—';
}

function success(route: Route): string {
  const [status, schema] = Object.entries(route.responses)[0]!;
  const body = route.contentType ? route.contentType : fields(schema, 'output');
  return `${status} ${body}`;
}

/** The codes a route adds to those every route can answer. */
function ownErrors(route: Route): string {
  const own = route.errors.filter((code) => !(COMMON_ERRORS as readonly string[]).includes(code));
  return own.map((code) => `\`${code}\``).join(', ') || '—';
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function routeTable(routes: Route[]): string {
  const rows = routes.map((r) =>
    [`\`${r.key}\``, ACCESS[r.access], input(r), success(r), r.summary, ownErrors(r)]
      .map(cell)
      .join(' | '),
  );
  const notes = routes
    .filter((r) => r.notes)
    .map((r) => `- \`${r.key}\`: ${r.notes}`)
    .join('\n');
  return [
    '| route | who | input | success | what it does | error codes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
    ...(notes ? ['', notes] : []),
  ].join('\n');
}

function errorTable(): string {
  const rows = [
    ...VARIABLE_ERROR_CODES.map((code) => `| \`${code}\` | (varies: what was refused) |`),
    ...Object.entries(ERROR_MESSAGES).map(
      ([code, message]) => `| \`${code}\` | ${cell(message)} |`,
    ),
  ];
  return ['| code | message |', '| --- | --- |', ...rows].join('\n');
}

/** docs/api.md: the prose above, then every route of the table and every error code. */
export function apiReference(): string {
  const groups = new Map<string, Route[]>();
  for (const route of Object.values(ROUTES) as Route[]) {
    const group = GROUPS[route.path.split('/')[2]!] ?? 'Other';
    groups.set(group, [...(groups.get(group) ?? []), route]);
  }
  const sections = [...groups].map(([title, routes]) => `### ${title}\n\n${routeTable(routes)}`);
  return (
    [
      INTRO.trim(),
      '## Endpoints',
      'Generated from the route table (`packages/shared/src/routes`) by ' +
        '`pnpm --filter @lede/api docs:api`; a test fails when this page is not what it writes. ' +
        `Besides the codes listed, every route can answer ${COMMON_ERRORS.map((c) => `\`${c}\``).join(', ')}.`,
      ...sections,
      '## Error codes',
      'Every error body is `{ message, code }` (plus `errors`, `attemptsLeft`, `retryAfter` or ' +
        '`needsPreferences` where they apply). Decide by `code`: messages may be reworded.',
      errorTable(),
    ].join('\n\n') + '\n'
  );
}

/** Where the reference lives: docs/api.md at the root of the repository. */
export const API_REFERENCE_PATH = new URL('../../../../docs/api.md', import.meta.url);
