import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { logout } from '@/features/session/api/logout';
import { useSessionUser } from '@/features/session/hooks/use-session';
import { withQuery } from '@/lib/with-query';

/** Placeholder: the profile screen arrives with issue 10. */
function ProfilePage() {
  usePageTitle('Profile');
  const user = useSessionUser();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Profile</h1>
      <p className="text-muted">
        Signed in as <span className="font-semibold text-fg">{user?.email}</span>
      </p>
      <button
        type="button"
        className="btn-outline"
        onClick={async () => {
          await logout();
          navigate('/login', { replace: true });
        }}
      >
        <LogOut size={18} aria-hidden="true" /> Log out
      </button>
    </div>
  );
}

export default withQuery(ProfilePage);
