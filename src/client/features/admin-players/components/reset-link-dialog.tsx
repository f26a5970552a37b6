import { useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import type { ResetLink } from "@/contracts/auth";
import type { ListedUser } from "@/contracts/users";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { errorMessage } from "@/client/lib/api";
import { displayName } from "@/client/lib/queries/users";
import { useMakeResetLink } from "../api/make-reset-link";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** The link, once: copied with a button, or selected by hand where the clipboard is not allowed. */
function ShownLink({ link, name }: { link: ResetLink; name: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      field.current?.select();
      setCopied(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor="reset-link-url">Reset link for {name}</Label>
        <Textarea
          id="reset-link-url"
          ref={field}
          readOnly
          rows={3}
          value={link.url}
          className="min-h-0 resize-none font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {copied === false ? "Could not copy: the link is selected, copy it with your keyboard." : null}
          </p>
          {/* The button that made the link is gone: the focus comes here. */}
          <Button type="button" variant="outline" onClick={copy} autoFocus>
            {copied ? <Check /> : <Copy />}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
      </div>
      <p className="text-sm">
        It works once, for one hour (until {time.format(new Date(link.expiresAt))}). Hand it over in person:
        whoever opens it chooses the password of {name}&rsquo;s account. It is not shown again.
      </p>
    </div>
  );
}

function ResetLinkBody({ player, onClose }: { player: ListedUser; onClose(): void }) {
  const make = useMakeResetLink();
  const name = displayName(player);
  return (
    <>
      {make.data ? (
        <ShownLink link={make.data} name={name} />
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            A link to choose a new password, for when no mail reaches {name}. It works once, for one hour, and
            any earlier link of theirs stops working.
          </p>
          {make.error ? (
            <Alert variant="destructive">
              <AlertDescription>
                {errorMessage(make.error, "Could not make the link. Please try again.")}
              </AlertDescription>
            </Alert>
          ) : null}
        </div>
      )}
      <DialogFooter>
        {make.data ? (
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="button" disabled={make.isPending} onClick={() => make.mutate(player.id)}>
              {make.isPending ? "Making..." : "Make Link"}
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}

/** An admin makes a player (or themself) a reset link to hand over in person; shown once. */
export function ResetLinkDialog({
  player,
  open,
  onOpenChange,
}: {
  player: ListedUser | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && player !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Make a Reset Link</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {player ? `For ${displayName(player)} <${player.email}>.` : null}
          </DialogDescription>
        </DialogHeader>
        {player ? (
          <ResetLinkBody key={player.id} player={player} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
