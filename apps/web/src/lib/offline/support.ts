/** Whether this browser has IndexedDB at all (a private window of some browsers has none). */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined';
