import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

/**
 * Toasts as spec section 9 sets them: one at a time (a new one replaces the old), shown 5 s,
 * swiped away to the right past 50 px, F8 moves focus to them, at most 420 px wide from md up.
 * They appear at the top centre: at the bottom right they covered the admin dialog's Save button,
 * which is where the eye goes after a failed save.
 */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastOptions = { title: string; description?: string; variant?: "default" | "destructive" };
type ShownToast = ToastOptions & { id: number };

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);

let counter = 0;

const DEFAULT_VIEWPORT =
  "fixed left-1/2 top-0 z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col gap-2 p-4 outline-none md:max-w-[420px]";

/** `viewportClassName` places the toasts where they cover nothing that matters on that page. */
export function ToastProvider({ children, viewportClassName = DEFAULT_VIEWPORT }: { children: ReactNode; viewportClassName?: string }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((toast: ToastOptions) => {
    counter += 1;
    setCurrent({ ...toast, id: counter });
    setOpen(true);
  }, []);
  const destructive = current?.variant === "destructive";
  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
        {children}
        {current ? (
          <ToastPrimitive.Root
            key={current.id}
            open={open}
            onOpenChange={setOpen}
            type={destructive ? "foreground" : "background"}
            className={`toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
              destructive ? "border-red-300 bg-red-50 text-red-900" : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
              {current.description ? (
                <ToastPrimitive.Description className={`text-sm ${destructive ? "text-red-800" : "text-slate-700"}`}>
                  {current.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ) : null}
        <ToastPrimitive.Viewport hotkey={["F8"]} label="Notifications ({hotkey})" className={viewportClassName} />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ title: "Status updated" })` */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a <ToastProvider> around it");
  return show;
}
