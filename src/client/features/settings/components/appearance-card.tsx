import { Monitor, Moon, Palette, Sun, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { useTheme, type Theme } from "@/client/hooks/use-theme";
import { cn } from "@/client/lib/utils";
import { PanelTitle } from "@/client/components/panel-title";

const THEMES: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/** Light, dark or the system's choice: the same setting as the header's switch, kept in this browser. */
export function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  return (
    <Card className="gap-4" role="region" aria-labelledby="appearance-title">
      <CardHeader>
        <PanelTitle icon={Palette} id="appearance-title">
          Appearance
        </PanelTitle>
        <CardDescription>Choose a theme for this browser.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-2">
          {THEMES.map(({ value, label, icon: Icon }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={theme === value}
              onClick={() => setTheme(value)}
              className={cn(
                "flex flex-col items-center gap-2 rounded-lg border p-3 text-sm font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                theme === value && "border-primary bg-primary/5 text-primary",
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
