import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Bookmark, Menu, X } from 'lucide-react';
import { MY_CALLS_NAME, OPEN_CALLS_NAME } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useCityPath } from '@/lib/use-city';
import { cn } from '@/lib/utils';
import { useRememberedShortlist } from '@/features/shortlist/shortlist-store';

// City pages (`city`) lead to the open city's on an install of several cities (decision 0620).
const LINKS = [
  { to: '/directory', label: 'Browse Directory', city: true },
  { to: '/calls', label: OPEN_CALLS_NAME, city: true },
  { to: '/amplify', label: 'For Businesses', city: true },
  { to: '/about', label: 'About', city: false },
];

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
      <img src="/favicon.svg" alt="" className="size-8" />
      <span className="text-lg">
        Local <span className="text-primary">Creators</span>
      </span>
    </Link>
  );
}

export function SiteHeader() {
  const cityLink = useCityPath();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Shown once this browser has a list (after hydration: the server never knows).
  const shortlist = useRememberedShortlist();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the mobile menu and gives focus back to its toggle.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
      isActive && 'text-foreground',
    );

  const account = user ? (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/dashboard">Dashboard</Link>
      </Button>
      {/* A business's own calls (decision 0935): on every install under the one address. */}
      <Button asChild variant="ghost" size="sm">
        <Link to="/calls/mine">{MY_CALLS_NAME}</Link>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={async () => {
          // Leave first: signing out on a private page would otherwise send the person to /login.
          navigate('/');
          await signOut();
        }}
      >
        Sign Out
      </Button>
    </>
  ) : (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">Sign In</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/signup">Join Free</Link>
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        {/* From 1024 px the links and the account buttons share the line; narrower, the menu holds them. */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.city ? cityLink(l.to) : l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {shortlist && (
            <Button asChild variant="ghost" size="sm">
              <Link to="/shortlist">
                {/* On a phone only the mark and count show, so the logo keeps its line; from 1024 to
                    1280 px too, where the links and a signed-in account's three buttons fill it. */}
                <Bookmark aria-hidden />
                <span>
                  <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">Shortlist </span>
                  {`(${shortlist.ids.length})`}
                </span>
              </Link>
            </Button>
          )}
          <div className="hidden items-center gap-2 lg:flex">{account}</div>
        </div>
        <Button
          ref={toggleRef}
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? <X /> : <Menu />}
        </Button>
      </div>
      {open && (
        <div className="border-t border-border px-4 pb-4 lg:hidden" onClick={() => setOpen(false)}>
          <nav aria-label="Mobile" className="flex flex-col py-2">
            {LINKS.map((l) => (
              <NavLink key={l.to} to={l.city ? cityLink(l.to) : l.to} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex flex-wrap gap-2">{account}</div>
        </div>
      )}
    </header>
  );
}
