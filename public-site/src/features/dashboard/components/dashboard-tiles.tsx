import { Link } from 'react-router-dom';
import { BookOpen, ChevronRight, ClipboardCheck, FilePen, Search, Shield, Users, type LucideIcon } from 'lucide-react';

interface TileProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A route of this site. */
  to?: string;
  /** A full page load (the admin console is a separate app). */
  href?: string;
}

const tileClass =
  'group flex h-full items-start gap-4 rounded-xl border border-border bg-background p-5 shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Tile({ icon: Icon, title, text, to, href }: TileProps) {
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
      </span>
      <ChevronRight
        className="mt-2 size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
        aria-hidden
      />
    </>
  );
  return href ? (
    <a href={href} className={tileClass}>
      {body}
    </a>
  ) : (
    <Link to={to!} className={tileClass}>
      {body}
    </Link>
  );
}

export function CreatorTiles() {
  return (
    <section aria-labelledby="quick-links">
      <h2 id="quick-links" className="sr-only">
        Quick links
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        <li>
          <Tile to="/apply" icon={FilePen} title="Update Profile" text="Edit your bio, platforms and links." />
        </li>
        <li>
          <Tile to="/directory" icon={Search} title="Browse Directory" text="See who else is creating in town." />
        </li>
        <li>
          <Tile to="/playbook" icon={BookOpen} title="Pricing Playbook" text="Know what to charge brands." />
        </li>
      </ul>
    </section>
  );
}

export function AdminTiles() {
  return (
    <section aria-labelledby="admin-controls" className="space-y-3">
      <h2 id="admin-controls" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <Shield className="size-5 text-primary" aria-hidden /> Admin Controls
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Tile
            href="/admin/review"
            icon={ClipboardCheck}
            title="Review queue"
            text="Pending applications, oldest first."
          />
        </li>
        <li>
          <Tile href="/admin/all" icon={Users} title="All creators" text="Search, filter and verify phones." />
        </li>
      </ul>
    </section>
  );
}
