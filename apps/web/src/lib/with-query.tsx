import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client';

/** Gives a lazily loaded screen the app's shared query cache. */
export function withQuery<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQuery(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQuery.displayName = `withQuery(${Screen.displayName ?? Screen.name})`;
  return WithQuery;
}
