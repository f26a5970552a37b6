import { PageHeader } from "@/client/components/page-header";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { AppearanceCard } from "./appearance-card";
import { CalendarCard } from "./calendar-card";
import { DeleteAccountCard } from "./delete-account-card";
import { DevicesCard } from "./devices-card";
import { EmailCard } from "./email-card";
import { NotificationsCard } from "./notifications-card";
import { OutboxCard } from "./outbox-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { SystemConfigCard } from "./system-config-card";
import { YourDataCard } from "./your-data-card";

/**
 * Everyone: profile, e-mail, password, theme, calendar feed and signed-in devices. Admins also:
 * System Configuration and the e-mail outbox.
 */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const header = (
    <PageHeader
      title="Settings"
      description={
        user.isAdmin
          ? "Your profile and sign-in, your calendar, the app's configuration and its e-mail."
          : "Your profile and sign-in, theme and calendar."
      }
    />
  );
  if (!user.isAdmin) {
    return (
      <div className="space-y-6">
        {header}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
          <ProfileCard key={user.id} user={user} />
          <EmailCard />
          <PasswordCard />
          <AppearanceCard />
          <CalendarCard />
          <NotificationsCard />
          <DevicesCard />
          <YourDataCard />
          <DeleteAccountCard user={user} />
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
          <EmailCard />
          <PasswordCard />
          <AppearanceCard />
          <CalendarCard />
          <NotificationsCard />
          <DevicesCard />
          <SystemConfigCard />
          <YourDataCard />
          <DeleteAccountCard user={user} />
        </div>
        <OutboxCard />
      </div>
    </div>
  );
}
