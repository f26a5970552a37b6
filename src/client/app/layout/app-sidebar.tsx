import { LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "@/contracts/auth";
import { signOut } from "@/client/features/auth/api/sign-out";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "@/client/components/ui/sidebar";
import { adminNav, playerNav, type NavItem } from "./nav-items";

function NavGroup({ label, items }: { label: string; items: NavItem[] }) {
  const [location] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  // Sections with pages below them (/contests/{id}) stay lit there; "/" and "/admin" only on themselves.
  const active = (url: string) => {
    const path = location.toLowerCase().replace(/\/$/, "") || "/";
    return path === url || (url !== "/" && url !== "/admin" && path.startsWith(`${url}/`));
  };
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items.map((item) => (
            <SidebarMenuItem key={item.url}>
              <SidebarMenuButton asChild isActive={active(item.url)} tooltip={item.title}>
                <Link href={item.url} onClick={() => isMobile && setOpenMobile(false)}>
                  <item.icon aria-hidden="true" />
                  <span>{item.title}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

/** The sidebar, all of it inside one navigation landmark (axe: no content outside landmarks). */
export function AppSidebar({ user }: { user: User }) {
  return (
    <Sidebar collapsible="icon">
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col">
        <SidebarContent>
          <NavGroup label="Football Pool" items={playerNav} />
          {user.isAdmin ? <NavGroup label="Admin" items={adminNav} /> : null}
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip="Sign Out" onClick={() => void signOut()}>
                <LogOut aria-hidden="true" />
                <span className="truncate">
                  Sign Out <span className="text-muted-foreground">({user.firstName})</span>
                </span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
        <SidebarRail />
      </nav>
    </Sidebar>
  );
}
