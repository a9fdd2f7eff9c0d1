import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appStarted } from './lib/early-requests';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

appStarted();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
