import { useState } from "react";
import { Trash2, UserX } from "lucide-react";
import type { User } from "@/contracts/auth";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { PanelTitle } from "@/client/components/panel-title";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** "Delete account": the way out, asked about first (delete-account-dialog.tsx). */
export function DeleteAccountCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="gap-4 border-destructive/40" role="region" aria-labelledby="delete-account-title">
      <CardHeader>
        <PanelTitle icon={UserX} id="delete-account-title">
          Delete account
        </PanelTitle>
        <CardDescription>
          Your name and e-mail address are erased and you can no longer sign in. Your contests, picks and
          money stay, so your opponents&apos; standings stay true: you appear there as “Former player”.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </CardContent>
      <DeleteAccountDialog user={user} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
