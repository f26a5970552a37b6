import { Download, FileDown, FileSpreadsheet } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { PanelTitle } from "@/client/components/panel-title";

/**
 * "Your data": the player's own data as files. Plain links: the server names the file and the
 * browser saves it, without leaving the page.
 */
export function YourDataCard() {
  return (
    <Card className="gap-4" role="region" aria-labelledby="your-data-title">
      <CardHeader>
        <PanelTitle icon={FileDown} id="your-data-title">
          Your data
        </PanelTitle>
        <CardDescription>
          Your profile, your contests, every pick you made with its line and result, the weekly results and
          who owes whom.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/api/account/export" download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href="/api/account/export.csv" download>
              <FileSpreadsheet aria-hidden="true" />
              Download picks as CSV
            </a>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          The data comes as a JSON file; the picks as a spreadsheet file, one row per pick. You can download 5
          times an hour.
        </p>
      </CardContent>
    </Card>
  );
}
