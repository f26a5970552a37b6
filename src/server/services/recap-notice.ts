// The "week-recap" notice: a settled week's recap by e-mail and push (docs/rules.md, "Week recap").
import { weekInTextStart } from "@/domain/postseason";
import type { WeekRecap } from "@/contracts/recaps";
import type { AppContext } from "../context";
import type { UserRow } from "../repositories/users.repository";
import { publicUrl } from "./notice-texts";
import type { Notice } from "./queue-notices";

const quoted = (name: string) => `“${name}”`;

/** "- Your KC −3.5 (LV 17 at KC 24): covered by 3.5 points (lock)." */
const pickLine = (pick: WeekRecap["picks"][number], opponentName: string) =>
  `- ${pick.whose === "you" ? "Your" : `${opponentName}'s`} ${pick.pick} (${pick.game}): ${pick.note}${pick.isLock ? " (lock of the week)" : ""}.`;

export function weekRecapNotice(ctx: AppContext, input: { to: UserRow; recap: WeekRecap }): Notice {
  const { to, recap } = input;
  const week = weekInTextStart(recap.week);
  const path = `/contests/${recap.contestId}`;
  const picks = recap.picks.map((pick) => pickLine(pick, recap.opponentName));
  const greeting = to.firstName ? `Hi ${to.firstName},` : "Hi,";
  return {
    kind: "week-recap",
    to,
    email: {
      subject: `${week} of ${quoted(recap.contestName)}: your recap`,
      text:
        `${greeting}\n\n${recap.sentences.join("\n\n")}` +
        (picks.length > 0 ? `\n\nThe picks:\n${picks.join("\n")}` : "") +
        `\n\n${publicUrl(ctx.env)}${path}\n\nFootball Pool`,
    },
    push: {
      title: `${week} recap`,
      body: recap.sentences.slice(0, 2).join(" "),
      url: path,
      tag: `week-recap-${recap.contestId}-${recap.week}`,
    },
  };
}
