export type { MailOutbox, MailOutboxObserver, QueueOptions } from '../../lib/mail-outbox.types.js';
export { createMailOutbox, pruneMailOutbox, type MailOutboxOptions } from './outbox.js';
