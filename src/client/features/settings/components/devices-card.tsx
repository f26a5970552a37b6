import { LogOut, Monitor, MonitorSmartphone, Smartphone } from "lucide-react";
import type { DeviceSession } from "@/contracts/account";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { PanelTitle } from "@/client/components/panel-title";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatDate } from "@/client/lib/format";
import { useDevices } from "../api/get-devices";
import { useSignOutDevice, useSignOutOtherDevices } from "../api/sign-out-devices";

/** "Chrome 126 on macOS", as far as the browser told. */
function deviceLabel(device: Pick<DeviceSession, "browser" | "system">): string {
  if (device.browser && device.system) return `${device.browser} on ${device.system}`;
  return device.browser ?? device.system ?? "Unknown device";
}

const isPhone = (device: DeviceSession) => /iPhone|iPad|iOS|Android/.test(device.system ?? "");

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

/** Where the player is signed in: each other device can be signed out, or all of them at once. */
export function DevicesCard() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = devices.data?.filter((device) => !device.current) ?? [];

  const signOutOne = (device: DeviceSession) =>
    signOut.mutate(device.id, {
      onSuccess: () =>
        toast({ title: "Device signed out", description: `${deviceLabel(device)} is signed out.` }),
      onError: failed("Device not signed out"),
    });
  const signOutRest = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Signed out everywhere else", description: "Only this device is signed in now." }),
      onError: failed("Devices not signed out"),
    });

  return (
    <Card className="gap-4" role="region" aria-labelledby="devices-title">
      <CardHeader>
        <PanelTitle icon={MonitorSmartphone} id="devices-title">
          Signed-in devices
        </PanelTitle>
        <CardDescription>
          Where you are signed in. Sign out a device you no longer use, or one you do not know.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {devices.isPending ? (
          <Skeleton className="h-16 w-full" role="status" aria-label="Loading your devices" />
        ) : devices.isError ? (
          <LoadErrorAlert
            title="Your devices could not be loaded"
            error={devices.error}
            onRetry={() => void devices.refetch()}
          />
        ) : (
          <>
            <ul className="divide-y rounded-md border" aria-label="Signed-in devices">
              {devices.data.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  busy={signOut.isPending && signOut.variables === device.id}
                  onSignOut={() => signOutOne(device)}
                />
              ))}
            </ul>
            <div className="flex justify-end">
              <Button
                type="button"
                variant="outline"
                disabled={others.length === 0 || signOutOthers.isPending}
                onClick={signOutRest}
              >
                <LogOut aria-hidden="true" />
                {signOutOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeviceRow({
  device,
  busy,
  onSignOut,
}: {
  device: DeviceSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const Icon = isPhone(device) ? Smartphone : Monitor;
  const label = deviceLabel(device);
  return (
    <li className="flex items-center gap-3 p-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium wrap-anywhere">
          {label}
          {device.current ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          Signed in {formatDate(device.signedInAt)}
          {device.lastSeenAt ? ` · Last seen ${formatDate(device.lastSeenAt)}` : null}
        </p>
      </div>
      {device.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="shrink-0"
          disabled={busy}
          aria-label={`Sign out ${label}, signed in ${formatDate(device.signedInAt)}`}
          onClick={onSignOut}
        >
          {busy ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}
