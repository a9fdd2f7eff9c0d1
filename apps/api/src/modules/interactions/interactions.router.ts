import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';

/** /api/userinteractions/... (filled in by the interactions feature). */
export function interactionsRouter(_deps: AppDeps, _signedIn: RequestHandler): Router {
  return Router();
}

/** The reader's own lists and reading, under /api/articles/... (filled in by the interactions feature). */
export function readerArticlesRouter(_deps: AppDeps, _signedIn: RequestHandler): Router {
  return Router();
}
