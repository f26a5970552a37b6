import { PageHeader } from "@/client/components/page-header";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { AppearanceCard } from "./appearance-card";
import { CalendarCard } from "./calendar-card";
import { NotificationsCard } from "./notifications-card";
import { OutboxCard } from "./outbox-card";
import { ProfileCard } from "./profile-card";
import { SystemConfigCard } from "./system-config-card";

/** Everyone: profile, theme and calendar feed. Admins also: System Configuration and the e-mail outbox. */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const header = (
    <PageHeader
      title="Settings"
      description={
        user.isAdmin
          ? "Your profile, your calendar, the app's configuration and its e-mail."
          : "Your profile, theme and calendar."
      }
    />
  );
  if (!user.isAdmin) {
    return (
      <div className="space-y-6">
        {header}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
          <ProfileCard key={user.id} user={user} />
          <AppearanceCard />
          <CalendarCard />
          <NotificationsCard />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {header}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <div className="space-y-4">
          <ProfileCard key={user.id} user={user} />
          <AppearanceCard />
          <CalendarCard />
          <NotificationsCard />
          <SystemConfigCard />
        </div>
        <OutboxCard />
      </div>
    </div>
  );
}
