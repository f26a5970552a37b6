import { AlertCircle, Plus } from "lucide-react";
import { CreateContestDialog } from "@/client/components/create-contest-dialog";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { errorMessage } from "@/client/lib/api";
import { plural } from "@/domain/plural";
import { TABS, useMyContests, type Tab } from "../use-my-contests";
import { ContestTabContent } from "./contest-tab-content";
import { ContestCounts, TAB_LOOK } from "./contest-tabs";

export default function MyContestsPage() {
  const page = useMyContests();
  const { loading, lists, setCreating } = page;
  const played = lists.completed.length;
  const counts = loading
    ? null
    : (Object.fromEntries(TABS.map((value) => [value, lists[value].length])) as Record<Tab, number>);

  return (
    <div>
      <PageHeader
        title="My Contests"
        description="Manage all your football pool contests in one place."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Create Contest
          </Button>
        }
      />

      <ContestCounts counts={counts} />

      {page.error ? (
        <Alert variant="destructive" className="mb-6">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{errorMessage(page.error, "Failed to load contests")}</AlertDescription>
        </Alert>
      ) : null}

      <Tabs value={page.tab} onValueChange={(value) => page.setTab(value as Tab)} className="gap-4">
        <TabsList className="grid h-10 w-full grid-cols-3 sm:inline-flex sm:w-fit">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-4">
              {TAB_LOOK[value].label}
              {counts ? ` (${counts[value]})` : null}
            </TabsTrigger>
          ))}
        </TabsList>

        {TABS.map((value) => (
          <TabsContent key={value} value={value}>
            <ContestTabContent
              loading={loading}
              contests={lists[value]}
              empty={{
                icon: TAB_LOOK[value].icon,
                title: TAB_LOOK[value].empty,
                hint:
                  value === "active" && played > 0
                    ? `You have finished ${plural(played, "contest")}: see ${played === 1 ? "it" : "them"} under Completed, or start the next one.`
                    : TAB_LOOK[value].hint,
                action:
                  value === "active" ? (
                    <Button onClick={() => setCreating(true)}>
                      <Plus aria-hidden="true" />{" "}
                      {played > 0 ? "Create a New Contest" : "Create Your First Contest"}
                    </Button>
                  ) : undefined,
              }}
              users={page.users.data}
              usersLoading={page.users.isLoading}
              viewer={page.user}
              isInvitation={page.isInvitation}
              onAccept={page.accept}
              onReject={page.reject}
              respondingTo={page.respondingTo}
            />
          </TabsContent>
        ))}
      </Tabs>

      <CreateContestDialog open={page.creating} onOpenChange={setCreating} onCreated={page.openCreated} />
    </div>
  );
}
