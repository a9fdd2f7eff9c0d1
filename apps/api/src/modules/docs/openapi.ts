import { z } from 'zod';
import { apiErrorResponse, ROUTES, type Route } from '@lede/shared';

/** The contract's version (apps/api/package.json). */
const API_VERSION = '0.1.0';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** zod 4's own JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), without its `$schema`. */
function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The error body, its `code` narrowed to the codes the route can answer. */
function errorResponse(route: Route) {
  const schema = jsonSchema(apiErrorResponse, 'output') as { properties: JsonSchema };
  schema.properties = { ...schema.properties, code: { type: 'string', enum: route.errors } };
  return {
    description: `An error: \`{ message, code }\`, \`code\` one of ${route.errors.length} codes.`,
    content: json(schema),
  };
}

function queryParameters(route: Route) {
  if (!route.query) return undefined;
  const schema = jsonSchema(route.query, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function requestBody(route: Route) {
  if (route.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [route.upload.field]: file },
            required: [route.upload.field],
          },
        },
      },
    };
  }
  return route.body && { required: true, content: json(jsonSchema(route.body, 'input')) };
}

function responses(route: Route) {
  const answers: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const media =
      Number(status) < 300 ? (route.contentType ?? 'application/json') : 'application/json';
    const body = media === 'application/json' ? jsonSchema(schema, 'output') : { type: 'string' };
    answers[status] = { description: route.summary, content: { [media]: { schema: body } } };
  }
  answers.default = errorResponse(route);
  return answers;
}

const SECURITY = {
  visitor: undefined,
  optional: [{}, { bearer: [] }, { refreshCookie: [] }],
  signedIn: [{ bearer: [] }, { refreshCookie: [] }],
} satisfies Record<Route['access'], unknown>;

/** `POST /api/auth/send-otp` → `postAuthSendOtp`. */
function operationId(route: Route): string {
  const words = route.path.replace(/^\/api\//, '').split(/[^a-zA-Z0-9]+/);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join(
    '',
  );
}

function operation(route: Route) {
  return {
    operationId: operationId(route),
    summary: route.summary,
    ...(route.notes && { description: route.notes }),
    tags: [route.path.split('/')[2]!],
    ...(SECURITY[route.access] && { security: SECURITY[route.access] }),
    ...(route.query && { parameters: queryParameters(route) }),
    ...(requestBody(route) && { requestBody: requestBody(route) }),
    responses: responses(route),
  };
}

/** The OpenAPI 3.1 document of every route of the table (served at /api/openapi.json). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of Object.values(ROUTES) as Route[]) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lede API',
      version: API_VERSION,
      description:
        'Generated from the route table in packages/shared (ROUTES). Errors answer ' +
        '`{ message, code }`: decide by `code`, show `message`.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'lede_refresh' },
      },
    },
  };
}
