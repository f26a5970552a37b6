import { useMemo } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { z } from "zod";
import {
  createContestForm,
  DEFAULT_BET,
  DEFAULT_MAX_PICKS,
  type Contest,
  type CreateContestBody,
  type CreateContestForm,
} from "@/contracts/contests";
import { PLAIN_MULTIPLIERS, POSTSEASON_WEEKS } from "@/domain/postseason";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useContests, useCreateContest } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useSeason } from "@/client/lib/queries/season";
import { useContestCreation } from "@/client/lib/queries/system-config";
import { defaultRounds } from "@/client/lib/rounds";

export type CreateContestValues = z.output<typeof createContestForm>;

const PASSWORD_REQUIRED = "Contest creation password is required";
const NOT_YOURSELF = "You cannot challenge yourself.";

/**
 * The form's checks for this user: a player gives the contest creation password an admin has set
 * (unless creation is open to every player), and nobody may challenge their own e-mail (the server
 * refuses both too).
 */
function resolverFor(user: { email: string } | null, needsPassword: boolean) {
  const ownEmail = user?.email.trim().toLowerCase();
  const schema = createContestForm.extend({
    player2Email: createContestForm.shape.player2Email.refine((value) => value !== ownEmail, NOT_YOURSELF),
    ...(!needsPassword
      ? {}
      : {
          contestCreationPassword: z.string({ error: PASSWORD_REQUIRED }).trim().min(1, PASSWORD_REQUIRED),
        }),
  });
  return zodResolver(schema) as Resolver<CreateContestForm, unknown, CreateContestValues>;
}

/** The fields a refusal of the server may name, shown at the field rather than in a toast. */
const serverCheckedFields = [
  "name",
  "description",
  "player2Email",
  "defaultBetAmount",
  "maxPicksPerPlayer",
  "rounds",
  "firstWeek",
  "lastWeek",
  "postseason",
  "postseasonMultipliers",
  ...POSTSEASON_WEEKS.map((_, index) => `postseasonMultipliers.${index}` as const),
] as const;

const emptyForm: CreateContestForm = {
  name: "",
  description: "",
  player2Email: "",
  isFree: false,
  defaultBetAmount: DEFAULT_BET,
  useCustomRounds: false,
  // The weekly tiebreaker starts on here; a contest created through the API without it plays none.
  tiebreaker: true,
  lockOfTheWeek: false,
  potRollover: false,
  postseason: false,
  postseasonMultipliers: [...PLAIN_MULTIPLIERS],
  maxPicksPerPlayer: DEFAULT_MAX_PICKS,
  contestCreationPassword: "",
};

/**
 * The request a new contest is created with: status pending, its weeks when chosen (else the
 * server's: from this week to 18), the password only when it is asked for, custom rounds or picks per
 * player, the weekly tiebreaker, the lock of the week and the pot's rollover on or off, the
 * postseason with its rounds' multipliers (none for a free contest); between seasons, for the next
 * season (`season`).
 */
function toCreateContestBody(
  values: CreateContestValues,
  withoutPassword: boolean,
  season?: number,
): CreateContestBody {
  return {
    ...(season === undefined ? {} : { season }),
    name: values.name,
    description: values.description ?? "",
    player2Email: values.player2Email,
    defaultBetAmount: values.isFree ? 0 : values.defaultBetAmount,
    currentWeek: 1,
    status: "pending",
    tiebreaker: values.tiebreaker,
    lockOfTheWeek: values.lockOfTheWeek,
    potRollover: values.potRollover,
    postseason: values.postseason,
    ...(values.postseason && !values.isFree && values.postseasonMultipliers
      ? { postseasonMultipliers: values.postseasonMultipliers }
      : {}),
    ...(withoutPassword ? {} : { contestCreationPassword: values.contestCreationPassword }),
    ...(values.firstWeek === undefined ? {} : { firstWeek: values.firstWeek }),
    ...(values.lastWeek === undefined ? {} : { lastWeek: values.lastWeek }),
    ...(values.useCustomRounds
      ? { rounds: values.rounds ?? defaultRounds() }
      : { maxPicksPerPlayer: values.maxPicksPerPlayer }),
  };
}

/** The weekly bet of the last paid contest this user created, if any. */
function lastBetOf(contests: readonly Contest[], userId: string | undefined): number | undefined {
  const mine = contests.filter((contest) => contest.player1Id === userId && !contest.isFree);
  const last = mine.reduce<Contest | undefined>(
    (latest, contest) => (!latest || contest.createdAt > latest.createdAt ? contest : latest),
    undefined,
  );
  return last?.betAmount;
}

/**
 * Create New Contest's form: its checks for this user, the season it is for, and the submission,
 * which closes the dialog (emptied) on success, then runs `onCreated` with the new contest.
 */
export function useCreateContestForm({
  onOpenChange,
  onCreated,
}: {
  onOpenChange(open: boolean): void;
  onCreated?(contest: Contest): void;
}) {
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin ?? false;
  const createContest = useCreateContest();
  // A player gives the password unless an admin opened creation to every player.
  const creation = useContestCreation(!isAdmin && user !== null);
  const mode = isAdmin ? "open" : (creation.data?.mode ?? "password");
  const needsPassword = mode !== "open";
  const resolver = useMemo(() => resolverFor(user, needsPassword), [user, needsPassword]);
  // The bet starts from the creator's last paid contest's, else the default.
  const contests = useContests();
  const lastBet = lastBetOf(contests.data ?? [], user?.id);
  const opening = useMemo(() => ({ ...emptyForm, defaultBetAmount: lastBet ?? DEFAULT_BET }), [lastBet]);
  const form = useForm<CreateContestForm, unknown, CreateContestValues>({
    resolver,
    defaultValues: opening,
  });
  const isFree = useWatch({ control: form.control, name: "isFree" });
  const customRounds = useWatch({ control: form.control, name: "useCustomRounds" });
  const postseason = useWatch({ control: form.control, name: "postseason" });
  const seasonInfo = useSeason();
  const next = seasonInfo.data?.nextSeason ?? null;

  const changeOpen = (open: boolean) => {
    if (!open) form.reset(opening);
    onOpenChange(open);
  };

  const submit = form.handleSubmit((values) =>
    createContest.mutate(toCreateContestBody(values, !needsPassword, next?.season), {
      onSuccess: (contest) => {
        toast({ title: "Contest Created", description: "Your contest has been created successfully!" });
        changeOpen(false);
        onCreated?.(contest);
      },
      onError: (error) => {
        if (showIssuesAtFields(error, serverCheckedFields, form.setError)) return;
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to create contest"),
          variant: "destructive",
        });
      },
    }),
  );

  return {
    form,
    isAdmin,
    /** Whether the form asks for the contest creation password, and whether creation is open yet. */
    needsPassword,
    closed: mode === "closed",
    isFree,
    customRounds,
    postseason,
    /** The season that has ended and the next one, when a contest is created between seasons. */
    between: next && seasonInfo.data ? { ended: seasonInfo.data.season, next } : null,
    /** The first week a contest may start in: this week, or the next season's first. */
    openWeek: next || !seasonInfo.data ? 1 : seasonInfo.data.currentWeek,
    next,
    changeOpen,
    submit,
    pending: createContest.isPending,
  };
}
