import { useId, useRef, useState, type ChangeEvent } from "react";
import { FileText, Loader2, Upload } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useImportGamesCsv } from "@/client/lib/queries/games";
import { csvImportSummary, formatKb, isCsvFile } from "../games-admin";

/** The Import CSV card: pick a CSV file, see its size, upload it. */
export function ImportCsvCard() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportGamesCsv();

  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !isCsvFile(chosen)) {
      toast({ title: "Invalid File Type", description: "Please select a CSV file.", variant: "destructive" });
      clear();
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        const { summary, errors } = csvImportSummary(result);
        toast({
          title: "CSV Import Completed",
          description: (
            <div className="grid gap-1">
              <p>{summary}</p>
              {errors.length ? (
                <ul className="grid gap-0.5 text-xs">
                  {errors.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ),
        });
        clear();
      },
      onError: (error) =>
        toast({
          title: "CSV Import Failed",
          description: errorMessage(
            error,
            "Failed to import CSV file. Please check the format and try again.",
          ),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Import CSV</h2>
        </CardTitle>
        <CardDescription id={hintId}>
          Columns: week, season, homeTeam, awayTeam, gameDate, spread, overUnder, favoriteTeam, status. The
          first five are required; a game that already exists is updated.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor={inputId}>CSV file</Label>
            <Input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={pick}
              disabled={upload.isPending}
              className="cursor-pointer"
            />
          </div>
          <Button onClick={send} disabled={!file || upload.isPending} className="sm:w-auto">
            {upload.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {upload.isPending ? "Uploading..." : "Upload CSV"}
          </Button>
        </div>
        {file ? (
          <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            <FileText className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate font-medium text-foreground">{file.name}</span>
            <span className="shrink-0">({formatKb(file.size)})</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
