// Who picks first in a contest's weeks: the answer of one week, and the admins' list and choice.
// The rule itself (saved, else by turns) is `weekFirstPicker`, contest-week.service.ts.
import { firstPickerFor } from "@/domain/turn";
import type { FirstPickerAssignment } from "@/contracts/picks";
import type { AppContext } from "../context";
import { conflict } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as firstPickerRepo from "../repositories/first-picker.repository";
import { listHeldPicks } from "../repositories/picks.repository";
import type { UserRow } from "../repositories/users.repository";
import { visibleWeek, weekFirstPicker } from "./contest-week.service";
import { visibleContest } from "./contests.service";

export async function getFirstPicker(ctx: AppContext, user: UserRow, contestId: string, week: number) {
  return { firstPickerId: weekFirstPicker(await visibleWeek(ctx, user, contestId, week), week) };
}

/** Admins: the first picker of every week of a contest, automatic or saved. */
export async function listFirstPickers(
  ctx: AppContext,
  contestId: string,
  admin: UserRow,
): Promise<FirstPickerAssignment[]> {
  const contest = await visibleContest(ctx.db, admin, contestId);
  if (!contest.player2Id) return [];
  const saved = new Map(
    (await firstPickerRepo.listAssignments(ctx.db, contestId)).map((row) => [row.week, row]),
  );
  const players = { player1Id: contest.player1Id, player2Id: contest.player2Id };
  return Array.from({ length: contest.totalWeeks }, (_, index) => {
    const week = index + 1;
    const manual = saved.get(week);
    return {
      contestId,
      week,
      firstPickerId: firstPickerFor(players, week, manual?.firstPickerId),
      isManualOverride: Boolean(manual),
    };
  });
}

/** Admins choose who picks first in a week: one of the two players, before anyone has picked that week. */
export async function saveFirstPicker(
  ctx: AppContext,
  admin: UserRow,
  body: { contestId: string; week: number; firstPickerId: string },
): Promise<FirstPickerAssignment> {
  return ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, admin, body.contestId, { forUpdate: true });
    if (!contest.player2Id) throw conflict("The invited player has not joined yet.");
    if (body.firstPickerId !== contest.player1Id && body.firstPickerId !== contest.player2Id) {
      throw conflict("The first picker must be one of the contest's two players.");
    }
    if (body.week < 1 || body.week > contest.totalWeeks)
      throw conflict(`Week must be between 1 and ${contest.totalWeeks}.`);
    if ((await listHeldPicks(tx, contest.id, body.week)).length > 0) {
      throw conflict(`Picks have been made in week ${body.week}: its first picker can no longer change.`);
    }
    await firstPickerRepo.saveAssignment(tx, { ...body, updatedBy: admin.id });
    await recordActivity(tx, {
      actorId: admin.id,
      action: "first-picker.saved",
      contestId: contest.id,
      subjectUserId: body.firstPickerId,
      details: { week: body.week },
    });
    return { ...body, isManualOverride: true };
  });
}
