import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** Logs what broke a screen (the browser console; the message shown stays short). */
export function logRenderError(error: unknown, info: { componentStack?: string | null }): void {
  console.error('A screen failed to render:', error, info.componentStack ?? '');
}

/**
 * What a broken screen shows: a short message, "Try again" (renders the screen afresh) and a
 * way home (a link: the router's, or a plain one outside it).
 */
export function ErrorFallback({ onRetry, homeLink }: { onRetry: () => void; homeLink: ReactNode }) {
  return (
    <div
      role="alert"
      className="card mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-extrabold tracking-tight">Something went wrong</h1>
      <p className="text-muted">This screen could not be shown. Try again, or go back home.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>Try again</Button>
        {homeLink}
      </div>
    </div>
  );
}

/** A part of a page that could not load: what went wrong, and "Try again". */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-semibold">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
