/** The daily edition by e-mail: its routes, its service and the job queue that runs it. */
export { editionRoutes } from './edition.router.js';
export { createEditionService, pruneEditions, type EditionService } from './edition.service.js';
export { startJobQueue, type JobQueue, type ScheduledJob } from './job-queue.js';
export { editionJob } from './edition-job.js';
