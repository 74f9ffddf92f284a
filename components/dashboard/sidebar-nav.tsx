"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { ChartIcon, CloseIcon, GlobeIcon, HomeIcon, KeyIcon, LayoutIcon, LinkIcon, ListIcon, Logo, MenuIcon, RefreshIcon, UserIcon, UsersIcon } from "../ui/icons";
import { SignOutButton } from "./sign-out-button";
import { WorkspaceSwitcher, type WorkspaceOption } from "./workspace-switcher";

const SECTIONS = [
  {
    label: "Workspace",
    items: [
      { href: "/", label: "Overview", icon: HomeIcon },
      { href: "/links", label: "Links", icon: LinkIcon },
      { href: "/websites", label: "Websites", icon: LayoutIcon },
      { href: "/domains", label: "Domains", icon: GlobeIcon },
      { href: "/analytics", label: "Analytics", icon: ChartIcon },
    ],
  },
  {
    label: "Settings",
    items: [
      { href: "/keys", label: "API keys", icon: KeyIcon },
      { href: "/webhooks", label: "Webhooks", icon: RefreshIcon },
      { href: "/account/audit-log", label: "Audit log", icon: ListIcon },
      { href: "/team", label: "Team", icon: UsersIcon },
      { href: "/account", label: "Account", icon: UserIcon },
    ],
  },
];

export function SidebarNav({ name, email, workspaces = [], workspace, counts = {} }: {
  name: string;
  email: string;
  workspaces?: WorkspaceOption[];
  workspace?: string;
  /** A number beside an item (Team: pending invitations); 0 shows nothing. */
  counts?: Record<string, number>;
}) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const initial = (name.trim()[0] ?? "?").toUpperCase();
  return (
    <aside className="sidebar" data-open={open ? "true" : undefined}>
      <div className="sidebar-top">
        <Link href="/" className="brand">
          <Logo size={26} />
          <span>Hop</span>
        </Link>
        <button type="button" className="btn btn-ghost btn-sm sidebar-toggle" aria-expanded={open} aria-controls="sidebar-panel" onClick={() => setOpen(!open)}>
          {open ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">{open ? "Close menu" : "Open menu"}</span>
        </button>
      </div>
      <div className="sidebar-panel" id="sidebar-panel">
        <div className="sidebar-nav-stack">
        {workspace ? <WorkspaceSwitcher options={workspaces} current={workspace} /> : null}
        <nav aria-label="Dashboard">
          {SECTIONS.map((section) => (
            <div className="nav-section" key={section.label}>
              <p className="nav-heading">{section.label}</p>
              <ul>
                {section.items.map(({ href, label, icon: Icon }) => {
                  // The deepest item that matches wins (Account is not lit on Account → Audit log).
                  const deeper = SECTIONS.some((other) => other.items.some((item) => item.href.startsWith(`${href}/`) && pathname.startsWith(item.href)));
                  const active = href === "/" ? pathname === "/" : !deeper && (pathname === href || pathname.startsWith(`${href}/`));
                  return (
                    <li key={href}>
                      <Link href={href} className="nav-link" aria-current={active ? "page" : undefined}>
                        <Icon />
                        {label}
                        {counts[href] ? (
                          <span className="nav-count">
                            {counts[href]}
                            <span className="visually-hidden"> pending</span>
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        </div>
        <div className="sidebar-account">
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
          <div className="sidebar-account-text">
            <p className="sidebar-account-name">{name}</p>
            <p className="sidebar-account-email">{email}</p>
          </div>
          <SignOutButton />
        </div>
      </div>
    </aside>
  );
}
