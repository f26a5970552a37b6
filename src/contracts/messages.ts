import { z } from "zod";

/** The longest message, in characters. */
export const MESSAGE_MAX = 500;
export const MESSAGE_EMPTY = "Write something first.";
export const MESSAGE_TOO_LONG = `A message is at most ${MESSAGE_MAX} characters.`;

/** POST /api/contests/{id}/messages: plain text, trimmed, 1 to 500 characters. */
export const postMessageBody = z.object({
  body: z.string({ error: MESSAGE_EMPTY }).trim().min(1, MESSAGE_EMPTY).max(MESSAGE_MAX, MESSAGE_TOO_LONG),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;

export const messageParams = z.object({
  id: z.uuid("Contest not found."),
  messageId: z.uuid("Message not found."),
});

/** A message of a contest's trash talk, as its readers see it. */
export const contestMessage = z.object({
  id: z.uuid(),
  contestId: z.uuid(),
  authorId: z.uuid(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The viewer may delete it: its author, or an admin. */
  canDelete: z.boolean(),
});
export type ContestMessage = z.infer<typeof contestMessage>;

/** GET /api/contests/{id}/messages: the thread, oldest first (the newest last). */
export const messageList = z.object({ messages: z.array(contestMessage) });
export type MessageList = z.infer<typeof messageList>;
