export { createChanges, LIST_STALE_MS, type Changes, type Dependency } from './changes.js';
export {
  ARTICLES_CHANNEL,
  RELAY_APPLICATION_NAME,
  startArticlesChangedRelay,
  type ArticlesChangedRelay,
} from './articles-relay.js';
export {
  FEEDS_CHANNEL,
  FEEDS_RELAY_APPLICATION_NAME,
  startFeedsChangedRelay,
} from './feeds-relay.js';
export {
  startUsersChangedRelay,
  USERS_CHANNEL,
  USERS_RELAY_APPLICATION_NAME,
  type KeptSessionRows,
  type UsersChangedRelay,
} from './users-relay.js';
