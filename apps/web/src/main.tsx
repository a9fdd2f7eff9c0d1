import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreens } from './app/preload';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A screen whose code failed to load renders anyway: its error boundary says so.
void preloadScreens(window.location)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
