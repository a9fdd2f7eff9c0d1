/**
 * The OpenAPI document generated from the route table: valid OpenAPI 3.1, one operation per
 * table entry, served at /api/openapi.json; and the docs page that renders it.
 *
 * oas-3.1.schema.json is the OpenAPI Initiative's schema for 3.1 documents (schemas/v3.1 of
 * github.com/OAI/OpenAPI-Specification), as shipped by @seriousme/openapi-schema-validator
 * 2.11.0 (MIT), whose only change is `$dynamicRef`s made plain `$ref`s for ajv.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROUTES } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../src/http/security-headers.js';
import { openApiDocument } from '../../src/modules/docs/openapi.js';
import { createTestContext, type TestContext } from '../context.js';

const oasSchema = JSON.parse(
  readFileSync(new URL('./oas-3.1.schema.json', import.meta.url), 'utf8'),
) as object;

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { schema: object }[];
};
const document = openApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    key: `${method.toUpperCase()} ${path}`,
    op: op as Operation,
  })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const validate = ajv.compile(oasSchema);
    expect(validate(document), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('has one operation per route of the table, and no other', () => {
    expect(operations.map((o) => o.key).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('holds JSON Schemas that compile (draft 2020-12, as OpenAPI 3.1 says)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const { key, op } of operations) {
      const schemas = [
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
        ...Object.values(op.requestBody?.content ?? {}),
        ...(op.parameters ?? []),
      ].map((media) => media.schema);
      for (const schema of schemas) expect(() => ajv.compile(schema), key).not.toThrow();
    }
  });

  it("lists each route's error codes in its error response", () => {
    for (const { key, op } of operations) {
      const error = op.responses.default?.content?.['application/json']?.schema as {
        properties: { code: { enum: string[] } };
      };
      expect(error.properties.code.enum, key).toEqual(ROUTES[key as keyof typeof ROUTES].errors);
    }
  });
});

describe('GET /api/openapi.json and GET /api/docs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves the document', async () => {
    const res = await ctx.request().get('/api/openapi.json').expect(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('serves the docs page with its scripts, under a policy of its own', async () => {
    const page = await ctx.request().get('/api/docs').expect(200);
    expect(page.type).toBe('text/html');
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(page.text).toContain('<script src="/api/docs/viewer.js"></script>');
    expect(page.text).not.toMatch(/<script>/); // no inline script: script-src stays 'self'
    const init = await ctx.request().get('/api/docs/init.js').expect(200);
    expect(init.type).toBe('text/javascript');
    expect(init.text).toContain("url: '/api/openapi.json'");
    const viewer = await ctx.request().get('/api/docs/viewer.js').expect(200);
    expect(viewer.type).toBe('text/javascript');
    expect(viewer.text).toContain('SwaggerUIBundle');
    expect(viewer.headers['content-encoding']).toBe('gzip');
    expect(viewer.headers['cache-control']).toBe('public, max-age=86400');
    const styles = await ctx.request().get('/api/docs/viewer.css').expect(200);
    expect(styles.type).toBe('text/css');
    // Asked again with its ETag: 304, nothing sent.
    const again = await ctx
      .request()
      .get('/api/docs/viewer.css')
      .set('If-None-Match', styles.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('keeps the rest of the app under the usual policy', async () => {
    const res = await ctx.request().get('/api/health');
    expect(res.headers['content-security-policy']).not.toBe(DOCS_CONTENT_SECURITY_POLICY);
  });
});
