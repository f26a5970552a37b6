import { Bell, ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { PanelTitle } from "@/client/components/panel-title";

/** The way to the Notifications screen (its own page: switches per kind, devices, reminders). */
export function NotificationsCard() {
  return (
    <Card className="gap-4" role="region" aria-labelledby="notifications-title">
      <CardHeader>
        <PanelTitle icon={Bell} id="notifications-title">
          Notifications
        </PanelTitle>
        <CardDescription>E-mail and push on this device, what to send, and reminders.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link href="/settings/notifications">
            Notification settings
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
