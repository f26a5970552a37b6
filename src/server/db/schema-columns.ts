import { timestamp, uuid } from "drizzle-orm/pg-core";

/** A table's id: a random UUID. */
export const id = () => uuid("id").primaryKey().defaultRandom();
/** When a row was made, by the database's clock unless the writer says otherwise. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
