import { responseSchemaFor, routeFor } from '@lede/shared';
import type { Express } from 'express';
import supertest from 'supertest';
import { expect } from 'vitest';

/**
 * Checks one response against the route table (packages/shared ROUTES): the body must parse
 * with the route's schema for its status, and hold no field the schema does not name, so a
 * field renamed or leaked on either side fails the test that received it. An error's `code`
 * must be one the table lists for the route (an unknown route may only answer NOT_FOUND), so
 * the lists are proven by the tests that provoke each error.
 */
function checkResponseContract(res: supertest.Response): void {
  const req = (res as unknown as { req: { method: string; path: string } }).req;
  const path = req.path.split('?')[0]!;
  if (!path.startsWith('/api/') || res.status === 304 || res.status === 204) return;
  if (req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const key = `${req.method} ${path}`;
  const schema = responseSchemaFor(req.method, path, res.status);
  if (!schema) throw new Error(`no response contract for ${key} ${res.status}`);
  if (!res.type.includes('json')) return; // text and HTML routes (metrics, docs): status only
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) {
    throw new Error(
      `${key} ${res.status} does not match its shared schema: ${parsed.error.message}\nbody: ${JSON.stringify(res.body).slice(0, 500)}`,
    );
  }
  // zod drops unknown keys: equal only when the body had nothing the contract does not name.
  expect(res.body, `${key} ${res.status} has fields outside its contract`).toEqual(parsed.data);
  if (res.status >= 400) checkErrorCode(key, res.body.code as string);
}

function checkErrorCode(key: string, code: string): void {
  const [method, path] = key.split(' ') as [string, string];
  const allowed: readonly string[] = routeFor(method, path)?.errors ?? ['NOT_FOUND'];
  if (!allowed.includes(code)) {
    throw new Error(
      `${key} answered error code ${code}, which its route table entry does not list`,
    );
  }
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;

/** A supertest agent whose every request checks its response against the contract. */
export function contractAgent(app: Express): supertest.Agent {
  const agent = supertest.agent(app);
  for (const method of METHODS) {
    const send = agent[method].bind(agent) as (url: string) => supertest.Test;
    (agent as unknown as Record<string, (url: string) => supertest.Test>)[method] = (url) =>
      send(url).expect(checkResponseContract);
  }
  return agent;
}
