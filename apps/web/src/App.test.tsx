import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App';

function stubHealth(answer: () => Promise<Partial<Response>>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('App placeholder page', () => {
  it('shows the name, the headline and the data credit', async () => {
    stubHealth(async () => ({ ok: true, json: async () => ({ status: 'ok' }) }));
    render(<App />);

    expect(screen.getByText('Lede')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Discover News That Matters—To You' }),
    ).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'News data: "News Category Dataset" by Rishabh Misra (2022), CC BY 4.0',
    );
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(screen.getByText('World News')).toBeVisible();
    // Let the health check settle so nothing updates after the test ends.
    expect(await screen.findByText('API status: ok')).toBeVisible();
  });

  it('reports the API as ok when /api/health answers {status:"ok"}', async () => {
    const fetchMock = stubHealth(async () => ({ ok: true, json: async () => ({ status: 'ok' }) }));
    render(<App />);

    expect(screen.getByRole('status')).toHaveTextContent('API status: checking…');
    expect(await screen.findByText('API status: ok')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.anything());
  });

  it('reports the API as unavailable when the health check fails', async () => {
    stubHealth(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<App />);

    expect(await screen.findByText('API status: unavailable')).toBeVisible();
  });
});
