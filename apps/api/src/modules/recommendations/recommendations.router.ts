import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';

/** /api/recommendations/... (filled in by the recommendations feature). */
export function recommendationsRouter(_deps: AppDeps, _signedIn: RequestHandler): Router {
  return Router();
}
