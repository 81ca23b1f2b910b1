import { useEffect } from "react";
import { useToast } from "~/components/ui/toast";

const TEXT = { "signed-in": "Admin login successful", "signed-out": "Logged out" } as const;

/** Shows the toast the server asked for after the sign-in form's redirect. */
export function useFlashToast(flash: keyof typeof TEXT | null) {
  const toast = useToast();
  useEffect(() => {
    if (flash) toast({ title: TEXT[flash] });
  }, [flash, toast]);
}
