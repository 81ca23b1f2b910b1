/**
 * The spec's image fallbacks on pages without React (see components/blog-picture.tsx): a failed picture
 * tries its next source (`data-fallbacks`, space separated), then becomes the gradient placeholder.
 */
export function startPictureFallbacks(root: Document = document): void {
  const fail = (img: HTMLImageElement) => {
    const [next, ...rest] = (img.dataset.fallbacks ?? "").split(" ").filter(Boolean);
    if (next) {
      img.dataset.fallbacks = rest.join(" ");
      img.removeAttribute("srcset");
      img.removeAttribute("sizes");
      img.src = next;
      return;
    }
    const placeholder = root.createElement("div");
    placeholder.className = img.dataset.placeholderClass ?? "";
    const text = img.dataset.placeholderText;
    if (text) {
      const label = root.createElement("span");
      label.className = "text-lg font-semibold text-white";
      label.textContent = text;
      placeholder.append(label);
    } else placeholder.setAttribute("role", "presentation");
    img.replaceWith(placeholder);
  };
  // Error events do not bubble: listen in the capture phase, for pictures swapped in later too.
  root.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.dataset.placeholderClass !== undefined) fail(event.target);
    },
    true,
  );
  // Those that failed before this script ran.
  root.querySelectorAll<HTMLImageElement>("img[data-placeholder-class]").forEach((img) => {
    // (A lazy picture not fetched yet has no currentSrc.)
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) fail(img);
  });
}
