/** "Copy link" beside the share links: shown only where this script runs (a button that does nothing otherwise). */
export function startCopyLink(root: Document = document): void {
  root.querySelectorAll<HTMLButtonElement>("button[data-copy-link]").forEach((button) => {
    const label = button.querySelector<HTMLElement>("[data-copy-label]");
    const status = root.getElementById(button.dataset.copyStatus ?? "");
    let reset: ReturnType<typeof setTimeout> | undefined;
    button.hidden = false;
    button.addEventListener("click", async () => {
      const url = button.dataset.copyLink!;
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        window.prompt("Copy this link:", url);
        return;
      }
      if (label) label.textContent = "Link copied";
      if (status) status.textContent = "Link copied to clipboard";
      clearTimeout(reset);
      reset = setTimeout(() => {
        if (label) label.textContent = "Copy link";
        if (status) status.textContent = "";
      }, 2500);
    });
  });
}
