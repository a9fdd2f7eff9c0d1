import express, { Router } from 'express';
import type { Config } from '../../../config.js';
import { AVATARS_URL_PATH, avatarsDirectory } from './local-avatars.js';

/**
 * Serves the avatars stored on this app's disk at /media/avatars/<file>. Mount it on the
 * app root. File names are random and never reused, so they can be cached for good.
 */
export function avatarsStatic(config: Pick<Config, 'dataDir'>): Router {
  const router = Router();
  router.use(
    AVATARS_URL_PATH,
    express.static(avatarsDirectory(config.dataDir), {
      index: false,
      immutable: true,
      maxAge: '365d',
    }),
    // A missing avatar must not fall through to the web app's index.html.
    (_req, res) => {
      res.sendStatus(404);
    },
  );
  return router;
}
