import { ApiError } from '@/lib/api-client';
import { RetryNotice } from './error-fallback';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'An unexpected error occurred';
  return <RetryNotice message={message} onRetry={onRetry} />;
}
