import type { EditionService } from './edition.service.js';
import type { ScheduledJob } from './job-queue.js';

/**
 * Every minute, the editions due then (the readers' local times are minutes): the queue runs it
 * once per minute across instances, and the editions' own unique key keeps any overlap harmless.
 */
export const editionJob = (editions: EditionService): ScheduledJob => ({
  name: 'edition-tick',
  cron: '* * * * *',
  run: () => editions.sendDue(),
});
