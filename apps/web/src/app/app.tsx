import { BrowserRouter } from 'react-router-dom';
import { RootErrorBoundary } from './error-boundaries';
import { QueryProvider } from './query-provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <RootErrorBoundary>
      <QueryProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryProvider>
    </RootErrorBoundary>
  );
}
