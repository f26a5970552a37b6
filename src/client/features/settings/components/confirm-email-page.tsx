import { useEffect, useRef, useState } from "react";
import { AlertCircle, CircleCheck, LoaderCircle } from "lucide-react";
import { AccountPageFrame } from "@/client/components/account-page-frame";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EMAIL_LINK_INCOMPLETE } from "@/contracts/account";
import { errorMessage } from "@/client/lib/api";
import { useConfirmEmailChange } from "../api/confirm-email-change";

/** The token of the link's fragment (`#token=…`). */
const tokenOf = (hash: string) => new URLSearchParams(hash.slice(1)).get("token") || null;

/** Takes the fragment out of the address: the token stays out of the history and of copied links. */
function dropFragment() {
  if (!window.location.hash) return;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/** /confirm-email#token=…: the link mailed to a new address. Opened in any browser, signed in or not. */
export default function ConfirmEmailPage() {
  const [token] = useState(() => tokenOf(window.location.hash));
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const sent = useRef(false);

  useEffect(() => {
    dropFragment();
    // Once: the token is spent by its first use.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failure = !token
    ? EMAIL_LINK_INCOMPLETE
    : confirm.isError
      ? errorMessage(confirm.error, EMAIL_LINK_INCOMPLETE)
      : null;

  return (
    <AccountPageFrame>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Confirm your new email</h1>
          </CardTitle>
          <CardDescription>The address you sign in with, and where we send your mail.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? (
            <>
              <Alert variant="destructive" role="alert">
                <AlertCircle aria-hidden="true" />
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
              <Button asChild variant="outline" className="w-full">
                <a href="/settings">Go to Settings</a>
              </Button>
            </>
          ) : confirm.isSuccess ? (
            <>
              <p role="status" className="flex gap-2 text-sm wrap-anywhere">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  Your email is now <strong>{confirm.data.email}</strong>.
                </span>
              </p>
              <Button asChild className="w-full">
                <a href="/">Go to the dashboard</a>
              </Button>
            </>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              Confirming your new address...
            </p>
          )}
        </CardContent>
      </Card>
    </AccountPageFrame>
  );
}
