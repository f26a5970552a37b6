import { AlertCircle, ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";

/** A contest that does not exist, or that the viewer may not see. */
export function ContestNotFound() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center text-center">
          <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10">
            <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">Contest Not Found</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            The contest you're looking for doesn't exist or you don't have access to it.
          </p>
          <Button asChild className="mt-6">
            <Link href="/contests">
              <ArrowLeft aria-hidden="true" /> Back to My Contests
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
