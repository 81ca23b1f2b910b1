/**
 * Live search over server-rendered results, for pages that load no framework JavaScript (/blog, /search).
 *
 * A `<form data-live-search>` is a plain GET form (it works without this script). With it, typing waits
 * DEBOUNCE_MS, then fetches the form's own page for the query (front-cached like any visit) and swaps in
 * its parts: elements with `data-live-region` are replaced whole (matched by id), elements with
 * `data-live-text` only take the new text (so a `role=status` element stays the same node and is announced).
 * The address follows with history.replaceState.
 *
 * A swap never lands while a pointer is down: the card under it would be replaced between press and release
 * and the click lost (the fault this replaces: a pending search used to cancel a card's navigation). Cards
 * are plain links, so a click always navigates, whatever is pending.
 */
import { nextTurn } from "~/core/limits/next-turn";
const DEBOUNCE_MS = 150;

type Swap = () => void;

export function startLiveSearch(root: Document = document): void {
  let pointerDown = false;
  let heldSwap: Swap | null = null;
  const runSwap = (swap: Swap) => {
    if (pointerDown) heldSwap = swap;
    else swap();
  };
  const release = () => {
    pointerDown = false;
    const swap = heldSwap;
    heldSwap = null;
    // After the click that follows this release has been dispatched.
    if (swap) void nextTurn().then(swap);
  };
  root.addEventListener("pointerdown", () => (pointerDown = true), true);
  root.addEventListener("pointerup", release, true);
  root.addEventListener("pointercancel", release, true);
  // A followed link is leaving the page: nothing pending may touch it any more.
  root.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (link && !link.hasAttribute("data-live-clear")) heldSwap = null;
  });

  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-live-search]")) attach(root, form, runSwap);
  root.documentElement.dataset.liveSearch = "ready";
}

function attach(root: Document, form: HTMLFormElement, runSwap: (swap: Swap) => void) {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  if (!input) return;
  const status = form.dataset.liveStatus ? root.getElementById(form.dataset.liveStatus) : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;

  const search = async (value: string) => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = new URL(form.action, root.baseURI);
    if (value.trim()) url.searchParams.set("q", value);
    if (status && form.dataset.loadingText) status.textContent = form.dataset.loadingText;
    root.querySelectorAll("[data-live-region]").forEach((region) => region.setAttribute("aria-busy", "true"));
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      if (controller.signal.aborted) return;
      runSwap(() => {
        if (pending !== controller) return;
        pending = null;
        swapFrom(root, next);
        history.replaceState(history.state, "", url.pathname + url.search);
      });
    } catch {
      if (controller.signal.aborted) return;
      pending = null;
      showError(root, form, url);
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(input.value), DEBOUNCE_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void search(input.value);
  });
  // "Clear Search": the same as emptying the box (a plain link to the unfiltered page without this script).
  root.addEventListener("click", (event) => {
    const clear = (event.target as Element | null)?.closest?.("a[data-live-clear]");
    if (!clear || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    input.value = "";
    clearTimeout(timer);
    void search("");
    input.focus();
  });
}

function swapFrom(root: Document, next: Document) {
  root.title = next.title;
  root.querySelectorAll<HTMLElement>("[data-live-text]").forEach((el) => {
    const fresh = el.id ? next.getElementById(el.id) : null;
    if (fresh && el.textContent !== fresh.textContent) el.textContent = fresh.textContent;
  });
  root.querySelectorAll<HTMLElement>("[data-live-region]").forEach((el) => {
    const fresh = el.id ? next.getElementById(el.id) : null;
    if (fresh) el.replaceWith(root.importNode(fresh, true));
    else el.removeAttribute("aria-busy");
  });
  root.dispatchEvent(new CustomEvent("live-search:swapped"));
}

/** The page's own error text when it names one; otherwise the plain form submission (a full page load). */
function showError(root: Document, form: HTMLFormElement, url: URL) {
  const text = form.dataset.errorText;
  const region = root.querySelector<HTMLElement>("[data-live-region]");
  if (!text || !region) {
    location.assign(url.href);
    return;
  }
  const status = form.dataset.liveStatus ? root.getElementById(form.dataset.liveStatus) : null;
  if (status) status.textContent = "";
  const alert = root.createElement("p");
  alert.setAttribute("role", "alert");
  alert.className = "py-16 text-center text-lg text-slate-700";
  alert.textContent = text;
  region.replaceChildren(alert);
  region.removeAttribute("aria-busy");
}
