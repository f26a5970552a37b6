import { CalendarClock, DollarSign, PlusCircle, Shield, Swords, Trophy } from "lucide-react";
import { AppStatus } from "@/client/components/app-status";
import { Logo } from "@/client/components/logo";
import { MAIN_CONTENT_ID, SkipLink } from "@/client/components/skip-link";

const features = [
  {
    icon: Swords,
    title: "Head-to-Head Contests",
    text: "Challenge a friend by e-mail to a season-long duel. They accept, and every week you go at it.",
  },
  {
    icon: CalendarClock,
    title: "Picks with Order and Deadlines",
    text: "Take turns picking against the spread or on the total. The first picker goes first; Thursday 4:00 PM PT hands over.",
  },
  {
    icon: DollarSign,
    title: "Flexible Betting",
    text: "Play for a weekly pot or just for pride, and propose a new weekly amount whenever you both agree.",
  },
  {
    icon: PlusCircle,
    title: "Additional Games",
    text: "Spot a matchup you can't resist? Propose it, and once your opponent agrees it joins the week.",
  },
  {
    icon: Trophy,
    title: "Live Standings",
    text: "Wins, pushes and pots tallied week by week, with the running balance always up to date.",
  },
  {
    icon: Shield,
    title: "Admin Tools",
    text: "Manage players, contests, games, lines, scores and who picks first, all in one place.",
  },
];

/** Get Started is for newcomers: the sign-in page opens on Create Account. */
const SIGN_UP = "/signin?tab=create";

const linkButton =
  "inline-flex h-10 items-center justify-center rounded-md px-6 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** What signed-out visitors see on every path: the promise, and the way in. */
export function LandingPage() {
  return (
    <div className="min-h-svh bg-background text-foreground">
      <SkipLink />
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2 font-semibold">
          <Logo className="size-8" />
          <span>Football Pool</span>
        </div>
        <a
          href="/signin"
          className={`${linkButton} h-9 bg-primary px-4 text-primary-foreground hover:bg-primary/90`}
        >
          Sign In
        </a>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <p className="mb-4 inline-block rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground">
            NFL pick'em for two
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Go head to head. <span className="text-primary">Every week.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            Football Pool pairs you with one opponent for the whole NFL season. Pick sides against the spread
            or the over/under, take turns, settle the weekly pot, and find out who really knows football.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a
              href={SIGN_UP}
              className={`${linkButton} bg-primary text-primary-foreground hover:bg-primary/90`}
            >
              Get Started
            </a>
            <a href="#features" className={`${linkButton} border bg-background hover:bg-accent`}>
              How it works
            </a>
          </div>
        </section>

        <section id="features" className="border-t bg-muted/40">
          <div className="mx-auto grid grid-cols-1 max-w-6xl gap-4 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <article key={title} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
                <Icon className="mb-3 size-6 text-primary" aria-hidden="true" />
                <h2 className="font-semibold">{title}</h2>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-2xl font-bold sm:text-3xl">Ready for kickoff?</h2>
          <p className="mt-3 text-muted-foreground">
            Create your account, challenge your rival, make your picks.
          </p>
          <a
            href={SIGN_UP}
            className={`${linkButton} mt-6 bg-primary text-primary-foreground hover:bg-primary/90`}
          >
            Get Started
          </a>
        </section>
      </main>

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">Football Pool</footer>
      <AppStatus />
    </div>
  );
}
