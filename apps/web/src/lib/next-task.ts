/** Resolves in the next task of the event loop: what follows runs in a task of its own. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
