import { useRef } from "react";
import { toast } from "@/client/hooks/use-toast";

/**
 * A link shown in a read-only input, copied to the clipboard on request: the input's ref, and the
 * copy, which says `copied` once it worked. Without the clipboard API (a page served over plain http
 * on a LAN) the browser's own copy of the selected input is used.
 */
export function useCopyLink(url: string | undefined, copied: string) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      if (!document.execCommand("copy")) {
        toast({
          title: "Copy failed",
          description: "Select the link and copy it yourself.",
          variant: "destructive",
        });
        return;
      }
    }
    toast({ title: "Link copied", description: copied });
  };
  return { input, copy: () => void copy() };
}
