import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'An unexpected error occurred';
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-semibold">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
