import { BarChart3, ChevronRight, Target, Trophy, type LucideIcon } from "lucide-react";
import { Link } from "wouter";

const quickActions: { href: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    href: "/contests",
    title: "View All Contests",
    text: "Every contest, invitations included.",
    icon: Trophy,
  },
  { href: "/picks", title: "Make Picks", text: "Pick this week's games.", icon: Target },
  { href: "/standings", title: "View Standings", text: "Wins, losses and pots so far.", icon: BarChart3 },
];

/** The Dashboard's links to the screens a player goes to most. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="space-y-4">
      <h2 id="quick-actions-heading" className="text-xl font-semibold">
        Quick Actions
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {quickActions.map(({ href, title, text, icon: Icon }) => (
          <Link
            key={href}
            href={href}
            className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-all outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
            <ChevronRight
              className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        ))}
      </div>
    </section>
  );
}
