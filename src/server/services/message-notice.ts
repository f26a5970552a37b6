// The "messages" notice: a message in a contest's trash talk, to the other player (docs/rules.md,
// "Trash talk"). Push on by default, e-mail off.
import type { AppContext } from "../context";
import type { UserRow } from "../repositories/users.repository";
import { publicUrl } from "./notice-texts";
import type { Notice } from "./queue-notices";

const PUSH_TEXT_MAX = 120;
const fullName = (person: Pick<UserRow, "firstName" | "lastName">) =>
  `${person.firstName} ${person.lastName}`.trim();

export function messageNotice(
  ctx: AppContext,
  input: { to: UserRow; author: UserRow; contest: { id: string; name: string }; body: string },
): Notice {
  const { to, author, contest, body } = input;
  const path = `/contests/${contest.id}#trash-talk`;
  const short = body.length > PUSH_TEXT_MAX ? `${body.slice(0, PUSH_TEXT_MAX - 1)}…` : body;
  return {
    kind: "messages",
    to,
    email: {
      subject: `${fullName(author)} in “${contest.name}”`,
      text:
        `${to.firstName ? `Hi ${to.firstName},` : "Hi,"}\n\n${fullName(author)} wrote in the trash talk of ` +
        `“${contest.name}”:\n\n${body}\n\nAnswer here:\n${publicUrl(ctx.env)}${path}\n\nFootball Pool`,
    },
    push: {
      title: `${fullName(author)} in “${contest.name}”`,
      body: short,
      url: path,
      tag: `messages-${contest.id}`,
    },
  };
}
