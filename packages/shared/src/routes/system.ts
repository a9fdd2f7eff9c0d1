import { z } from 'zod';
import { defineRoutes } from './define.js';
import {
  healthDownResponse,
  healthReadyResponse,
  healthResponse,
  ingestionStatusResponse,
} from '../schemas/system.js';

/** Probes, metrics and the API's own description. */
export const SYSTEM_ROUTES = defineRoutes({
  'GET /api/health': {
    access: 'visitor',
    summary: 'Ok once the database is reachable and migrations ran.',
    responses: { 200: healthResponse, 503: healthDownResponse },
    errors: ['DATABASE_UNREACHABLE'],
  },
  'GET /api/health/live': {
    access: 'visitor',
    summary: 'Ok while the process answers (no database check): a liveness probe.',
    responses: { 200: healthResponse },
  },
  'GET /api/health/ready': {
    access: 'visitor',
    summary: 'Ready when the database answers, else 503 with `Retry-After`.',
    responses: { 200: healthReadyResponse, 503: healthDownResponse },
    errors: ['DATABASE_UNREACHABLE'],
  },
  'GET /api/metrics': {
    access: 'visitor',
    summary: 'Prometheus metrics, to a bearer `METRICS_TOKEN` (or on `METRICS_PORT`).',
    notes: 'See [configuration](configuration.md#who-may-read-apimetrics).',
    responses: { 200: z.string() },
    contentType: 'text/plain',
    errors: ['METRICS_TOKEN_INVALID', 'METRICS_FORBIDDEN'],
  },
  'GET /api/ingestion/status': {
    access: 'visitor',
    summary:
      "Each news source's health (last fetch, items, last error, backoff), for operators: to a bearer `METRICS_TOKEN`, as `/api/metrics`.",
    notes: 'See [configuration](configuration.md#who-may-read-apimetrics).',
    responses: { 200: ingestionStatusResponse },
    errors: ['METRICS_TOKEN_INVALID', 'METRICS_FORBIDDEN'],
  },
  'GET /api/openapi.json': {
    access: 'visitor',
    summary: 'This API as an OpenAPI 3.1 document, generated from the route table.',
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
  'GET /api/docs': {
    access: 'visitor',
    summary: 'The OpenAPI document, rendered for reading.',
    responses: { 200: z.string() },
    contentType: 'text/html',
  },
  'GET /api/docs/viewer.js': {
    access: 'visitor',
    summary: "The docs page's viewer (Swagger UI's bundle, from node_modules).",
    responses: { 200: z.string() },
    contentType: 'text/javascript',
    errors: ['NOT_FOUND'],
  },
  'GET /api/docs/viewer.css': {
    access: 'visitor',
    summary: "The docs page's viewer styles (Swagger UI's, from node_modules).",
    responses: { 200: z.string() },
    contentType: 'text/css',
    errors: ['NOT_FOUND'],
  },
  'GET /api/docs/init.js': {
    access: 'visitor',
    summary: 'Starts the viewer on the docs page (no inline script, for the CSP).',
    responses: { 200: z.string() },
    contentType: 'text/javascript',
  },
});
