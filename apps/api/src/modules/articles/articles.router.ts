import { Router } from 'express';
import type { AppDeps } from '../../deps.js';

/** Public browsing and search: /api/articles/... (filled in by the articles feature). */
export function articlesRouter(_deps: AppDeps): Router {
  return Router();
}
