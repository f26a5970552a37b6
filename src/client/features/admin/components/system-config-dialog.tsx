import { SystemConfigForm } from "@/client/components/system-config-form";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";

/** The System Configuration dialog: one setting, the contest creation password. */
export function SystemConfigDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>System Configuration</DialogTitle>
          <DialogDescription>Settings that apply to every player.</DialogDescription>
        </DialogHeader>
        <SystemConfigForm enabled={open} onSaved={close} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
}
