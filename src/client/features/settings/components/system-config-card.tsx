import { KeyRound } from "lucide-react";
import { SystemConfigForm } from "@/client/components/system-config-form";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { PanelTitle } from "@/client/components/panel-title";

/** Admins: the same setting as Admin Overview's System Configuration dialog, in place. */
export function SystemConfigCard() {
  return (
    <Card className="gap-4" role="region" aria-labelledby="system-config-title">
      <CardHeader>
        <PanelTitle icon={KeyRound} id="system-config-title">
          System Configuration
        </PanelTitle>
        <CardDescription>Settings that apply to every player.</CardDescription>
      </CardHeader>
      <CardContent>
        <SystemConfigForm />
      </CardContent>
    </Card>
  );
}
