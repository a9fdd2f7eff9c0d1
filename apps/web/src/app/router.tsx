import { useEffect } from 'react';
import { useNavigate, type RouteObject } from 'react-router-dom';
import { RoutesWithArticleDialog } from '@/lib/article-route';
import { setNavigator } from '@/lib/navigation';
import { AppRoot } from './app-root';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './layout';
import { lazyScreen } from './query-provider';
import { LandingPage } from './routes/landing';

// Every screen but the landing page is its own chunk, loaded when first visited (with the query
// client, which the landing page does without).
const ExplorePage = lazyScreen(() => import('./routes/explore'));
const SearchPage = lazyScreen(() => import('./routes/search'));
const ArticlePage = lazyScreen(() => import('./routes/article'));
const StoryPage = lazyScreen(() => import('./routes/story'));
const LoginPage = lazyScreen(() => import('./routes/login'));
const SignupPage = lazyScreen(() => import('./routes/signup'));
const ForgotPasswordPage = lazyScreen(() => import('./routes/forgot-password'));
const HomePage = lazyScreen(() => import('./routes/home'));
const ProfilePage = lazyScreen(() => import('./routes/profile'));
const SavedPage = lazyScreen(() => import('./routes/saved'));
const PreferencesPage = lazyScreen(() => import('./routes/preferences'));
const NotFoundPage = lazyScreen(() => import('./routes/not-found'));

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
          { path: 'story/:id', element: <StoryPage /> },
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

/**
 * The routes, and the app's navigate for code outside React (the API client). An article opened
 * from a list renders that list's screen, with the article as its dialog (lib/article-route).
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return <RoutesWithArticleDialog routes={routes} />;
}
