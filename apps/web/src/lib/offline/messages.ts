/**
 * What the offline parts of the web client say (the API never sends these). The shell's status
 * line is beside its component (features/offline/components/offline-status), in the first load;
 * these are not.
 */
export const OFFLINE_MESSAGES = {
  savedCopy: 'Offline — showing your saved copy',
  savedListCopy: 'Offline — showing the copies saved on this device',
  noCopy: "This article isn't saved on this device, so it can't be opened offline.",
  needsConnection: 'This page needs a connection',
  needsConnectionHint: "You're offline. Try again once you're back online.",
  retry: 'Retry',
  queued: "You're offline: this will be sent when you're back online.",
  sent: (n: number) => `${n} offline ${n === 1 ? 'action' : 'actions'} sent`,
  refused: (n: number, why: string) => `${n} refused (${why})`,
  waiting: 'the rest wait (too many at once): trying again in a minute',
  articleGone: 'article no longer available',
} as const;
