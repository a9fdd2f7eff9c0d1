import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstRequests } from './app/first-requests';
import { requestEarly } from './lib/early-requests';
import { getToken } from './lib/storage';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

requestEarly(firstRequests(location.pathname, location.search, !!getToken()));

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
