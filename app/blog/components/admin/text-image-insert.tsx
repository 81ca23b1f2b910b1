import { useRef, useState, type RefObject } from "react";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import { inputClass } from "~/admin/components/field";
import { mediaMarkdown } from "~/blog/media";
import { blogMessages, MAX_UPLOAD_BYTES } from "~/blog/schema";
import { useToast } from "~/components/ui/toast";

/**
 * Images in the post's text: chosen with the button, dropped on or pasted into the text. Each waits
 * for its alt text (required), is uploaded to the media library, and `![alt](url)` goes in at the cursor.
 */
export function useTextImages(textarea: RefObject<HTMLTextAreaElement | null>, content: string, onChange: (content: string) => void) {
  const [pending, setPending] = useState<{ file: File; at: number } | null>(null);
  const offer = (files: Iterable<File> | null | undefined) => {
    const file = [...(files ?? [])].find((f) => f.type.startsWith("image/"));
    if (!file) return false;
    setPending({ file, at: textarea.current?.selectionStart ?? content.length });
    return true;
  };
  const insert = (markdown: string, at: number) => {
    const before = content.slice(0, at);
    const after = content.slice(at);
    const block = `${before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : ""}${markdown}\n\n`;
    onChange(before + block + after.replace(/^\n+/, ""));
  };
  const handlers = {
    onPaste: (e: React.ClipboardEvent<HTMLTextAreaElement>) => {
      if (offer(e.clipboardData?.files)) e.preventDefault();
    },
    onDrop: (e: React.DragEvent<HTMLTextAreaElement>) => {
      if (offer(e.dataTransfer?.files)) e.preventDefault();
    },
  };
  return { pending, offer, insert, cancel: () => setPending(null), handlers };
}

export function TextImageInsert({ images }: { images: ReturnType<typeof useTextImages> }) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const picker = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { pending } = images;

  async function upload() {
    if (!pending || uploading) return;
    if (!alt.trim()) return setAltError("Describe the image for people who cannot see it");
    if (pending.file.size > MAX_UPLOAD_BYTES) return setAltError(blogMessages.imageTooLarge);
    setUploading(true);
    try {
      const form = new FormData();
      form.set("file", pending.file);
      const media = await adminFetch<{ hash: string }>("/api/admin/media", { method: "POST", body: form });
      images.insert(mediaMarkdown(alt.trim(), media.hash), pending.at);
      images.cancel();
      setAlt("");
      setAltError(null);
    } catch (failure) {
      if (!(failure instanceof SessionExpiredError)) toast({ title: "Failed to upload the image", description: (failure as Error).message, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-2">
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => picker.current?.click()}>
          Insert image
        </button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          aria-label="Image to insert in the text"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            images.offer(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      {pending ? (
        <div role="group" aria-label="Image to insert" className="grid gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
          <p className="text-sm">{pending.file.name || "Pasted image"}</p>
          <label htmlFor="text-image-alt" className="text-sm font-semibold">
            Image description (alt text)
          </label>
          <input
            id="text-image-alt"
            className={inputClass}
            value={alt}
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? "text-image-alt-error" : undefined}
            onChange={(e) => setAlt(e.target.value)}
            onKeyDown={(e) => {
              // Enter inserts the image; it must not submit the whole post.
              if (e.key === "Enter") {
                e.preventDefault();
                void upload();
              }
            }}
          />
          {altError ? (
            <p id="text-image-alt-error" className="text-sm text-red-700">
              {altError}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button type="button" className="btn btn-primary aria-disabled:opacity-60" aria-disabled={uploading || undefined} onClick={() => void upload()}>
              {uploading ? "Uploading..." : "Insert"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={images.cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
