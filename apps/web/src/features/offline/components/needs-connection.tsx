import { Button } from '@/components/ui/button';
import { OFFLINE_MESSAGES } from '@/lib/offline/messages';

/**
 * What a page that needs the network shows offline, instead of a spinner or a raw error: it says
 * so, and Retry asks again (it works once the connection is back). `heading`: the page has no
 * other title, so this one is its h1; `hint` replaces the default second line.
 */
export function NeedsConnection({
  onRetry,
  heading = false,
  hint = OFFLINE_MESSAGES.needsConnectionHint,
}: {
  onRetry: () => void;
  heading?: boolean;
  hint?: string;
}) {
  const Title = heading ? 'h1' : 'p';
  return (
    <div className="card mx-auto flex w-full max-w-xl flex-col items-center gap-3 p-8 text-center">
      <Title className={heading ? 'text-2xl font-bold' : 'font-semibold'}>
        {OFFLINE_MESSAGES.needsConnection}
      </Title>
      <p className="text-muted">{hint}</p>
      <Button variant="outline" onClick={onRetry}>
        {OFFLINE_MESSAGES.retry}
      </Button>
    </div>
  );
}
