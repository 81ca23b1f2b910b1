/**
 * The toast of pages without React (spec section 9, as ./toast.tsx does it for React pages): one at a
 * time (a new one replaces the old), shown 5 s, swiped away to the right past 50 px, F8 moves focus to
 * it, at the top centre, at most 420 px wide from md up. Same classes, so the same look and motion.
 */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;
const CLOSE_ICON =
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-4"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

export type ToastOptions = { title: string; description?: string; variant?: "default" | "destructive" };

let viewport: HTMLOListElement | null = null;

function viewportOf(): HTMLOListElement {
  if (viewport) return viewport;
  const region = document.createElement("section");
  region.setAttribute("aria-label", "Notifications (F8)");
  region.tabIndex = -1;
  viewport = document.createElement("ol");
  viewport.tabIndex = -1;
  viewport.className =
    "fixed left-1/2 top-0 z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col gap-2 p-4 outline-none md:max-w-[420px]";
  region.append(viewport);
  document.body.append(region);
  document.addEventListener("keydown", (event) => {
    if (event.key === "F8") viewport?.querySelector<HTMLElement>("li")?.focus();
  });
  return viewport;
}

export function showToast({ title, description, variant = "default" }: ToastOptions): void {
  const list = viewportOf();
  const destructive = variant === "destructive";
  const item = document.createElement("li");
  item.tabIndex = 0;
  item.dataset.state = "open";
  item.className = `toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
    destructive ? "border-red-300 bg-red-50 text-red-900" : "border-slate-200 bg-white text-slate-900"
  }`;
  const text = document.createElement("div");
  // A failure interrupts (alert); a success waits its turn (status). On the text, so the list stays a list.
  text.setAttribute("role", destructive ? "alert" : "status");
  text.className = "grid gap-1";
  const heading = document.createElement("div");
  heading.className = "text-sm font-semibold";
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = document.createElement("div");
    body.className = `text-sm ${destructive ? "text-red-800" : "text-slate-700"}`;
    body.textContent = description;
    text.append(body);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Dismiss notification");
  close.className = "absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100";
  close.innerHTML = CLOSE_ICON;
  item.append(text, close);

  let timer = 0;
  const dismiss = () => {
    window.clearTimeout(timer);
    item.dataset.state = "closed";
    item.addEventListener("animationend", () => item.remove(), { once: true });
    // Reduced motion: no animation ends, so remove it at once.
    if (getComputedStyle(item).animationName === "none") item.remove();
  };
  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
  };
  close.addEventListener("click", dismiss);
  item.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  // Paused while hovered or focused, as Radix does.
  item.addEventListener("pointerenter", () => window.clearTimeout(timer));
  item.addEventListener("pointerleave", schedule);
  item.addEventListener("focusin", () => window.clearTimeout(timer));
  item.addEventListener("focusout", schedule);
  swipeToDismiss(item, () => window.clearTimeout(timer));

  list.replaceChildren(item);
  schedule();
}

function swipeToDismiss(item: HTMLElement, stopTimer: () => void) {
  let startX: number | null = null;
  item.addEventListener("pointerdown", (event) => {
    if ((event.target as Element).closest("button")) return;
    startX = event.clientX;
    item.setPointerCapture(event.pointerId);
  });
  item.addEventListener("pointermove", (event) => {
    if (startX === null) return;
    const moved = Math.max(0, event.clientX - startX);
    item.dataset.swipe = "move";
    item.style.setProperty("--radix-toast-swipe-move-x", `${moved}px`);
  });
  item.addEventListener("pointerup", (event) => {
    if (startX === null) return;
    const moved = Math.max(0, event.clientX - startX);
    startX = null;
    if (moved > TOAST_SWIPE_THRESHOLD_PX) {
      stopTimer();
      item.style.setProperty("--radix-toast-swipe-end-x", `${moved}px`);
      item.dataset.swipe = "end";
      item.addEventListener("animationend", () => item.remove(), { once: true });
      if (getComputedStyle(item).animationName === "none") item.remove();
    } else {
      item.dataset.swipe = "cancel";
    }
  });
}
