import { lazy, useEffect } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { setNavigator } from '@/lib/navigation';
import { AppRoot } from './app-root';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './layout';
import { LandingPage } from './routes/landing';

// Every screen but the landing page is its own chunk, loaded when first visited.
const ExplorePage = lazy(() => import('./routes/explore'));
const SearchPage = lazy(() => import('./routes/search'));
const ArticlePage = lazy(() => import('./routes/article'));
const LoginPage = lazy(() => import('./routes/login'));
const SignupPage = lazy(() => import('./routes/signup'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const HomePage = lazy(() => import('./routes/home'));
const ProfilePage = lazy(() => import('./routes/profile'));
const SavedPage = lazy(() => import('./routes/saved'));
const PreferencesPage = lazy(() => import('./routes/preferences'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'explore', element: <ExplorePage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'article/:id', element: <ArticlePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'signup', element: <SignupPage /> },
            ],
          },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'home', element: <HomePage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'saved', element: <SavedPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // Outside the shared layout (spec section 2).
      {
        element: <RequireAuth />,
        children: [{ path: 'preferences', element: <PreferencesPage /> }],
      },
    ],
  },
];

/** The routes, and the app's navigate for code outside React (the API client). */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return useRoutes(routes);
}
