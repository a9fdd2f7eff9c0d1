import { firstRequests } from './app/first-requests';
import { requestEarly } from './lib/early-requests';
import { getToken } from './lib/storage';

// A second entry of a few kilobytes, loaded `async` beside the app's entry (build/route-pages.ts):
// the first screen's data is asked for while React is still on its way.
requestEarly(firstRequests(location.pathname, location.search, !!getToken()));
