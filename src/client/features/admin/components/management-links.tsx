import { ArrowRight, CalendarDays, DollarSign, Trophy, Users, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { Card, CardDescription, CardHeader } from "@/client/components/ui/card";

const areas: { title: string; description: string; href: string; icon: LucideIcon }[] = [
  {
    title: "Player Management",
    description: "View players, edit their names and grant admin access.",
    href: "/admin/players",
    icon: Users,
  },
  {
    title: "Contest Management",
    description: "Oversee every contest, create new ones and archive old ones.",
    href: "/admin/contests",
    icon: Trophy,
  },
  {
    title: "Betting Management",
    description: "Review weekly bet amounts across contests.",
    href: "/admin/betting",
    icon: DollarSign,
  },
  {
    title: "Games Management",
    description: "Add games, set lines and import schedules.",
    href: "/admin/games",
    icon: CalendarDays,
  },
];

/** One card per admin area; each card is a link to its screen. */
export function ManagementLinks() {
  return (
    <section aria-labelledby="admin-management" className="space-y-3">
      <h2 id="admin-management" className="text-lg font-semibold">
        Management
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {areas.map(({ title, description, href, icon: Icon }) => (
          <Link
            key={href}
            href={href}
            className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full gap-3 py-4 transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
              <CardHeader className="gap-2 px-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="flex-1 leading-tight font-semibold">{title}</h3>
                  <ArrowRight
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </div>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
    </section>
  );
}
