import { Flame, Menu, Moon, Search, Sun, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import type { PublicUser } from '@lede/shared';
import { SEARCH_MAX_LENGTH } from '@lede/shared/constants';
import { useSessionUser } from '@/lib/session/use-session';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { Logo } from '@/components/logo';
import { useAutoHide } from '@/components/use-auto-hide';
import { AccountAvatar } from './account-avatar';
import type AccountMenu from './account-menu';
import { lazyScreen } from './query-provider';
import { paths } from '@/lib/paths';
import { PAGE_PATHS } from '@lede/shared/constants';

/** Loads with the query library (the `data` chunk); preloaded for a signed-in first load. */
export const StreakCount = lazyScreen(() => import('./streak-count'));
/**
 * Pointing at or focusing a menu link fetches its screen ahead of the click (app/prefetch, in a
 * chunk of its own loaded then: the first load stays without the query factories).
 */
function prefetchOnIntent(to: string) {
  const prefetch = () => {
    void import('./prefetch').then((m) => m.prefetchScreen(to)).catch(() => undefined);
  };
  return { onPointerEnter: prefetch, onFocus: prefetch };
}
/** A signed-in reader's menu (Radix DropdownMenu): its own chunk, never in a visitor's first load. */
type AccountMenuType = typeof AccountMenu;

function SearchBox({ onDone, id }: { onDone?: () => void; id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === PAGE_PATHS.search ? new URLSearchParams(location.search) : null;
  const [value, setValue] = useState(current?.get('q') ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (!q) return;
    navigate(paths.search(q));
    onDone?.();
  };
  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search articles…"
        maxLength={SEARCH_MAX_LENGTH}
        className="field h-10 pr-11"
        enterKeyHint="search"
      />
      <button
        type="submit"
        className="absolute top-0 right-0 inline-flex size-10 items-center justify-center rounded-r-lg text-muted hover:text-fg"
        aria-label="Search"
      >
        <Search size={18} aria-hidden="true" />
      </button>
    </form>
  );
}

/** The account menu's button as it looks, inert: while its code loads, or if it cannot. */
function AvatarPlaceholder({ src }: { src: string }) {
  return (
    <span className="icon-btn" aria-hidden="true">
      <AccountAvatar src={src} />
    </span>
  );
}

/**
 * The account menu's button. The menu's code (Radix DropdownMenu, about 15 KB) comes once the
 * page has loaded and the browser is idle, not with the page: on a first load it would compete
 * with the feed for the network. A press before it arrives opens the menu when it does.
 */
function AccountButton({ user }: { user: PublicUser }) {
  const [menu, setMenu] = useState<{ Menu: AccountMenuType; focus: boolean }>();
  const [pressed, setPressed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    const load = () =>
      idle(
        () =>
          void import('./account-menu').then(
            (m) =>
              live &&
              setMenu({ Menu: m.default, focus: document.activeElement === button.current }),
            () => undefined, // no menu: the button stays, and the Profile page has Log out
          ),
      );
    if (document.readyState === 'complete') load();
    else window.addEventListener('load', load, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', load);
    };
  }, []);
  if (!menu) {
    return (
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label="Your account"
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setPressed(true)}
      >
        <AccountAvatar src={user.profile_url} />
      </button>
    );
  }
  const { Menu } = menu;
  return (
    <ErrorBoundary fallback={<AvatarPlaceholder src={user.profile_url} />}>
      <Menu user={user} defaultOpen={pressed} focusTrigger={menu.focus && !pressed} />
    </ErrorBoundary>
  );
}

/** The one menu: the desktop bar and the phone menu both show these, in this order. */
const MENU: readonly { to: string; label: string; signedIn?: true }[] = [
  { to: paths.home(), label: 'Home', signedIn: true },
  { to: paths.explore(), label: 'Explore' },
  { to: paths.saved(), label: 'Saved', signedIn: true },
  { to: paths.profile(), label: 'Profile', signedIn: true },
];
/** A visitor's ways in, beside the menu. */
const GUEST_LINKS = [
  { to: paths.login(), label: 'Login', variant: 'ghost', phoneVariant: 'outline' },
  { to: paths.signup(), label: 'Sign Up', variant: 'primary', phoneVariant: 'primary' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold hover:bg-surface ${
    isActive ? 'text-accent' : 'text-fg'
  }`;

export function NavBar() {
  const user = useSessionUser();
  const { theme, toggle } = useTheme();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const searchId = useId();
  const mobileSearchId = useId();
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const hidden = useAutoHide(headerRef, open);

  // The mobile menu closes on navigation and on Escape.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const themeLabel = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const menu = MENU.filter((item) => user || !item.signedIn);

  return (
    <header
      ref={headerRef}
      data-hidden={hidden ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 border-b border-line bg-bg/95 backdrop-blur transition-transform duration-300 ${
        hidden ? '-translate-y-full' : 'translate-y-0'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to={paths.landing()} className="shrink-0 rounded-lg" aria-label="Lede, home">
          <Logo theme={theme} />
        </Link>

        <div className="mx-2 hidden max-w-sm flex-1 md:block">
          <SearchBox id={searchId} />
        </div>

        <div className="ml-auto hidden items-center gap-1 md:flex">
          {menu.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={linkClass}
              {...prefetchOnIntent(item.to)}
            >
              {item.label}
            </NavLink>
          ))}
        </div>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <span
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-fg"
            title="Reading streak"
          >
            <Flame size={18} aria-hidden="true" className="text-warn" />
            <span className="sr-only">Reading streak, days:</span>
            <span className="tabular-nums">
              {user ? (
                <Suspense fallback="0">
                  <StreakCount />
                </Suspense>
              ) : (
                0
              )}
            </span>
          </span>
          <Button variant="icon" onClick={toggle} aria-label={themeLabel} title={themeLabel}>
            {theme === 'dark' ? (
              <Sun size={20} aria-hidden="true" />
            ) : (
              <Moon size={20} aria-hidden="true" />
            )}
          </Button>
          {user && <AccountButton user={user} />}
          {!user && (
            <div className="hidden items-center gap-2 md:flex">
              {GUEST_LINKS.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={buttonVariants({ variant: link.variant })}
                >
                  {link.label}
                </Link>
              ))}
            </div>
          )}
          <Button
            ref={toggleRef}
            variant="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
            <span className="sr-only">Menu</span>
          </Button>
        </div>
      </nav>

      <div
        id={menuId}
        hidden={!open}
        className="border-t border-line bg-bg px-4 pt-3 pb-4 shadow-lg md:hidden"
      >
        <SearchBox id={mobileSearchId} onDone={() => setOpen(false)} />
        <ul className="mt-3 flex flex-col gap-1">
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={(s) => `${linkClass(s)} block`}
                {...prefetchOnIntent(item.to)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {!user && (
          <div className="mt-3 grid grid-cols-2 gap-2">
            {GUEST_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={buttonVariants({ variant: link.phoneVariant })}
              >
                {link.label}
              </Link>
            ))}
          </div>
        )}
      </div>
    </header>
  );
}
