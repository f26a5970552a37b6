import { PageHeader } from "@/client/components/page-header";

export default function BettingManagementPage() {
  return <PageHeader title="Betting Management" />;
}
