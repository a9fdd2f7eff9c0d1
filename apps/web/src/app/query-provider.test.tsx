import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, QueryProvider } from './query-provider';

function Reader() {
  const answer = useQuery({ queryKey: ['test', 'answer'], queryFn: () => Promise.resolve(42) });
  return <p>{answer.data === undefined ? 'Loading' : `Answer ${answer.data}`}</p>;
}

describe('the root query provider', () => {
  it('renders the page at once, and a lazy screen that reads data once the client is there', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Reader }));
    render(
      <QueryProvider>
        <h1>Landing</h1>
        <Suspense fallback={<p>Loading screen</p>}>
          <Screen />
        </Suspense>
      </QueryProvider>,
    );
    // What needs no data paints before the query library has loaded.
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(screen.getByText('Loading screen')).toBeInTheDocument();
    expect(await screen.findByText('Answer 42')).toBeInTheDocument();
  });
});

describe('a lazy screen', () => {
  it('once preloaded, renders at once instead of showing its fallback', async () => {
    let loads = 0;
    const Screen = lazyScreen(() => {
      loads++;
      return Promise.resolve({ default: () => <p>Screen content</p> });
    });
    await Screen.preload();
    render(
      <QueryProvider>
        <Suspense fallback={<p>Loading screen</p>}>
          <Screen />
        </Suspense>
      </QueryProvider>,
    );
    // In the first commit, with no wait: a fallback would have shown here.
    expect(screen.queryByText('Loading screen')).not.toBeInTheDocument();
    expect(screen.getByText('Screen content')).toBeInTheDocument();
    // Preloading again, or rendering, never loads the code twice.
    await Screen.preload();
    expect(loads).toBe(1);
  });
});
