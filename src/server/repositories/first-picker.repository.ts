import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { firstPickerAssignments } from "../db/schema";

export function listAssignments(db: Executor, contestId: string) {
  return db.select().from(firstPickerAssignments).where(eq(firstPickerAssignments.contestId, contestId));
}

export async function saveAssignment(
  db: Executor,
  values: { contestId: string; week: number; firstPickerId: string; updatedBy: string },
): Promise<void> {
  await db
    .insert(firstPickerAssignments)
    .values({ ...values, isManualOverride: true })
    .onConflictDoUpdate({
      target: [firstPickerAssignments.contestId, firstPickerAssignments.week],
      set: {
        firstPickerId: values.firstPickerId,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
        isManualOverride: true,
      },
    });
  // The contest's week in memory carries its first picker.
  await clearNow(db, { contest: values.contestId });
}
