import { PAGE_PATHS } from '@lede/shared/constants';
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
          { path: PAGE_PATHS.landing, element: <LandingPage /> },
          { path: PAGE_PATHS.explore, element: <ExplorePage /> },
          { path: PAGE_PATHS.search, element: <SearchPage /> },
          { path: PAGE_PATHS.article, element: <ArticlePage /> },
          { path: PAGE_PATHS.story, element: <StoryPage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: PAGE_PATHS.login, element: <LoginPage /> },
              { path: PAGE_PATHS.signup, element: <SignupPage /> },
            ],
          },
          { path: PAGE_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: PAGE_PATHS.home, element: <HomePage /> },
              { path: PAGE_PATHS.profile, element: <ProfilePage /> },
              { path: PAGE_PATHS.saved, element: <SavedPage /> },
            ],
          },
          // Any other address; the server answers it with 404 (PAGE_PATHS).
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // Outside the shared layout (spec section 2).
      {
        element: <RequireAuth />,
        children: [{ path: PAGE_PATHS.preferences, element: <PreferencesPage /> }],
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
