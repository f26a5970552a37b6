import { useEffect, useRef } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquare, Send, Trash2 } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import {
  MESSAGE_MAX,
  postMessageBody,
  type ContestMessage,
  type PostMessageBody,
} from "@/contracts/messages";
import { Button } from "@/client/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@/client/components/ui/form";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatKickoff } from "@/client/lib/games";
import { useDeleteMessage, useMessages, usePostMessage } from "../api/messages";
import { DetailsSection } from "./details-section";

function Message({
  message,
  author,
  mine,
  onDelete,
  deleting,
}: {
  message: ContestMessage;
  author: string;
  mine: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li className={mine ? "ml-8 rounded-lg bg-primary/10 p-3" : "mr-8 rounded-lg bg-muted p-3"}>
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>
          <span className="font-medium text-foreground">{mine ? "You" : author}</span> ·{" "}
          <time dateTime={message.createdAt}>{formatKickoff(message.createdAt)}</time>
        </span>
        {message.canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Delete ${mine ? "your" : `${author}'s`} message`}
            disabled={deleting}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p className="mt-1 text-sm whitespace-pre-wrap wrap-anywhere">{message.body}</p>
    </li>
  );
}

function Composer({ contestId }: { contestId: string }) {
  const post = usePostMessage(contestId);
  const form = useForm<PostMessageBody>({
    resolver: zodResolver(postMessageBody),
    defaultValues: { body: "" },
  });
  const length = useWatch({ control: form.control, name: "body" }).length;
  const submit = form.handleSubmit((values) =>
    post.mutate(values.body, {
      onSuccess: () => form.reset({ body: "" }),
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to send the message"),
          variant: "destructive",
        }),
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} className="space-y-2">
        <FormField
          control={form.control}
          name="body"
          render={({ field }) => (
            <FormItem>
              <FormControl>
                <Textarea
                  {...field}
                  aria-label="Your message"
                  placeholder="Say something…"
                  rows={2}
                  maxLength={MESSAGE_MAX}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground tabular-nums">
            {length}/{MESSAGE_MAX}
          </span>
          <Button type="submit" size="sm" disabled={post.isPending}>
            <Send aria-hidden="true" /> Send
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** "Trash Talk": the contest's thread, newest last, live on both players' open pages. */
export function TrashTalk({
  contestId,
  viewerId,
  nameOf,
  canWrite,
}: {
  contestId: string;
  viewerId: string | undefined;
  nameOf: (id: string) => string;
  /** Closed for a declined contest. */
  canWrite: boolean;
}) {
  const messages = useMessages(contestId);
  const remove = useDeleteMessage(contestId);
  const list = messages.data ?? [];
  // The newest is last: the thread opens, and stays, scrolled to it.
  const end = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (end.current) end.current.scrollTop = end.current.scrollHeight;
  }, [list.length]);
  return (
    <div id="trash-talk" className="scroll-mt-20">
      <DetailsSection title="Trash Talk" icon={MessageSquare}>
        <div className="space-y-4">
          {messages.isLoading ? null : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No messages yet. Get it started.</p>
          ) : (
            <ul ref={end} className="max-h-96 space-y-2 overflow-y-auto" aria-label="Messages">
              {list.map((message) => (
                <Message
                  key={message.id}
                  message={message}
                  author={nameOf(message.authorId)}
                  mine={message.authorId === viewerId}
                  deleting={remove.isPending}
                  onDelete={() => remove.mutate(message.id)}
                />
              ))}
            </ul>
          )}
          {canWrite ? <Composer contestId={contestId} /> : null}
        </div>
      </DetailsSection>
    </div>
  );
}
