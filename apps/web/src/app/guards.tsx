import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionUser } from '@/lib/session/use-session';
import { getToken, getUser } from '@/lib/storage';
import { paths } from '@/lib/paths';

/** Signed-in-only routes: visitors go to /login (spec sections 2 and 6). */
export function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * /login and /signup send a signed-in reader to /home. Decided when the screen opens, so that a
 * flow that signs the reader in can send them on (signup goes to /preferences) itself.
 */
export function GuestOnly() {
  const [signedInOnArrival] = useState(() => !!getToken() && !!getUser());
  if (signedInOnArrival) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}
