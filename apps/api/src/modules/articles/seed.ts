import type { Database } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';

/** Loads the bundled corpus into an empty database (filled in by the articles feature). */
export async function seedCorpusIfEmpty(_db: Database, _logger: Logger): Promise<void> {}
