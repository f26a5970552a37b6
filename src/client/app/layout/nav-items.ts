import {
  Calendar,
  ClipboardList,
  Cog,
  DollarSign,
  Gamepad2,
  LayoutDashboard,
  ListChecks,
  Shield,
  Target,
  Trophy,
  UserCheck,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

export const playerNav: NavItem[] = [
  { title: "Dashboard", url: "/", icon: LayoutDashboard },
  { title: "My Contests", url: "/contests", icon: Trophy },
  { title: "Make Picks", url: "/picks", icon: Target },
  { title: "Games & Lines", url: "/games", icon: Calendar },
  { title: "Standings", url: "/standings", icon: ListChecks },
  { title: "Settings", url: "/settings", icon: Cog },
];

export const adminNav: NavItem[] = [
  { title: "Admin Overview", url: "/admin", icon: Shield },
  { title: "Player Management", url: "/admin/players", icon: Users },
  { title: "Contest Management", url: "/admin/contests", icon: ClipboardList },
  { title: "Betting Management", url: "/admin/betting", icon: DollarSign },
  { title: "First Picker Management", url: "/admin/first-picker", icon: UserCheck },
  { title: "Games Management", url: "/admin/games", icon: Gamepad2 },
  { title: "Score Entry", url: "/score-entry", icon: ListChecks },
];
