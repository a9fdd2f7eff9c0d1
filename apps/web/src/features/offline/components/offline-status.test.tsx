import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_BANNER, OfflineStatus } from './offline-status';

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

describe('the offline status', () => {
  it('says politely that the browser is offline, and goes when the connection returns', () => {
    render(<OfflineStatus />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    goOffline(true);
    expect(status).toHaveTextContent(OFFLINE_BANNER);
    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });
});
