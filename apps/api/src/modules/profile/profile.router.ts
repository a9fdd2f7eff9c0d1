import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';

/** /api/profile/... (filled in by the profile feature). */
export function profileRouter(_deps: AppDeps, _signedIn: RequestHandler): Router {
  return Router();
}
