import { PageHeader } from "@/client/components/page-header";

export default function SettingsPage() {
  return <PageHeader title="Settings" />;
}
