import { CloudOff } from 'lucide-react';

/** A page shown from the copies kept on this device says so, politely, above them. */
export function OfflineNotice({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm text-muted">
      <CloudOff size={16} aria-hidden="true" className="shrink-0" />
      {text}
    </p>
  );
}
