export {
  createMailOutbox,
  pruneMailOutbox,
  type MailOutbox,
  type MailOutboxObserver,
  type MailOutboxOptions,
  type QueueOptions,
} from './outbox.js';
