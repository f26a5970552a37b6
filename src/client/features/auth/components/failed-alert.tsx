import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { errorMessage } from "@/client/lib/api";

/** A failed call's message above a form, or nothing while there is none. */
export function FailedAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle />
      <AlertDescription>{errorMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}
