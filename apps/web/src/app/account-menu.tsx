import type { PublicUser } from '@lede/shared';
import { Bookmark, LogOut, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { logout } from '@/lib/session/logout';
import { AccountAvatar } from './account-avatar';
import { paths } from '@/lib/paths';

/**
 * The signed-in reader's menu in the navigation bar, on every screen size: who is signed in, their
 * Profile and Saved pages, and Log out (the same flow as the Profile page's button).
 */
export default function AccountMenu({
  user,
  defaultOpen = false,
  focusTrigger = false,
}: {
  user: PublicUser;
  /** Opened at once: the reader pressed the button before the menu's code had arrived. */
  defaultOpen?: boolean;
  /** The button had focus before the menu's code arrived: it keeps it. */
  focusTrigger?: boolean;
}) {
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);
  const signOut = async () => {
    await logout();
    navigate(paths.login(), { replace: true });
  };
  return (
    // Not modal, and rendered in place (no portal): the page stays readable and scrollable, and the
    // open menu stays inside the navigation landmark.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={trigger} className="icon-btn" aria-label="Your account">
        <AccountAvatar src={user.profile_url} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile()}>
            <UserRound size={16} aria-hidden="true" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.saved()}>
            <Bookmark size={16} aria-hidden="true" /> Saved
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut size={16} aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
