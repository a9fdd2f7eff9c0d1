import { createLogger, type Logger } from '../src/lib/logger.js';

/** Test helper: the API's logger (its redaction and serializers), its JSON lines kept in memory. */
export function memoryLogger(): {
  logger: Logger;
  lines: string[];
  warnings: () => Array<Record<string, unknown>>;
} {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === 40);
  return { logger, lines, warnings };
}
