import { firstRequests } from './app/first-requests';
import { requestEarly } from './lib/early-requests';
import { getToken } from './lib/storage';
import './styles.css';

// The entry is only this: the first screen's data is asked for as soon as a few kilobytes have
// arrived, while React and the app (preloaded by the page) are still on their way; before, the
// requests waited for React to download and run.
requestEarly(firstRequests(location.pathname, location.search, !!getToken()));

void import('./app/start');
