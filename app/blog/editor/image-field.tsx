import { ImageUp } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { problemText, useAdminSession } from "~/admin/admin-api";
import { normalizeBlogImageUrl } from "~/blog/post/image";
import { blogMessages, MAX_UPLOAD_BYTES } from "~/blog/post/schema";
import { useToast } from "~/components/ui/toast";
import { Field, inputClass, type FieldErrors } from "~/admin/components/field";
import type { Upload } from "./post-form-state";

type UploadResult = { success: boolean; imageData?: string; imageMimeType?: string; originalName?: string; error?: string };

/**
 * The post's image: a URL, or a file uploaded to POST /api/upload (checked for type and size first, shown at
 * once, and the previous picture put back if the upload fails).
 */
export function ImageField({
  imageUrl,
  upload,
  imageAlt,
  onAltChange,
  onChange,
  onUploadingChange,
  fields,
}: {
  imageUrl: string;
  upload: Upload | null;
  imageAlt: string;
  onAltChange: (alt: string) => void;
  onChange: (value: { imageUrl: string; upload: Upload | null }) => void;
  onUploadingChange: (uploading: boolean) => void;
  fields: FieldErrors;
}) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  // The editor takes the upload into its form itself: nothing to read again.
  const task = useAdminTask({ revalidate: false });
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { id, field, error } = fields;

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const preview = localPreview ?? (upload ? `data:${upload.imageMimeType};base64,${upload.imageData}` : normalizeBlogImageUrl(imageUrl));

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: "Invalid File", description: blogMessages.invalidImageFile, variant: "destructive" });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: "File Too Large", description: blogMessages.imageTooLarge, variant: "destructive" });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    // The editor holds its save while the upload runs.
    onUploadingChange(true);
    const body = new FormData();
    body.append("image", file);
    const uploaded = await task.run(
      async (): Promise<Upload> => {
        const result = await adminFetch<UploadResult>("/api/upload", { method: "POST", body });
        if (!result.success || !result.imageData || !result.imageMimeType) throw new Error(result.error || "Failed to upload image");
        return { imageData: result.imageData, imageMimeType: result.imageMimeType, originalName: result.originalName ?? file.name };
      },
      {
        done: { title: "Upload Successful", description: `${file.name} (${Math.round(file.size / 1024)} KB)` },
        // The server's own words, without the status the toasts of other changes carry.
        failed: { title: "Upload Failed", description: (failure) => problemText(failure) || "Failed to upload image" },
      },
    );
    if (uploaded) onChange({ imageUrl: "", upload: uploaded.value });
    setLocalPreview(null);
    onUploadingChange(false);
  }

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Image</legend>
      <Field label="Image URL" htmlFor={`${id}-image`} error={error("image")}>
        <input
          {...field("image")}
          type="url"
          inputMode="url"
          className={inputClass}
          value={upload ? "" : imageUrl}
          placeholder={upload ? `Uploaded: ${upload.originalName}` : "https://... or /uploads/..."}
          onChange={(e) => onChange({ imageUrl: e.target.value, upload: null })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          aria-label="Image file to upload"
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => void onFile(e)}
        />
        <button type="button" className="btn btn-secondary" onClick={() => fileRef.current?.click()} disabled={task.busy}>
          <ImageUp aria-hidden="true" className="size-4" />
          {task.busy ? "Uploading..." : "Upload image"}
        </button>
        {preview ? (
          <button type="button" className="btn btn-secondary" onClick={() => onChange({ imageUrl: "", upload: null })}>
            Remove image
          </button>
        ) : null}
        {error("imageData")}
        {error("imageMimeType")}
      </div>
      <Field label="Image description (alt text)" htmlFor={`${id}-imageAlt`} error={error("imageAlt")}>
        <input
          {...field("imageAlt")}
          className={inputClass}
          value={imageAlt}
          placeholder="What the picture shows, for people who cannot see it"
          onChange={(e) => onAltChange(e.target.value)}
        />
      </Field>
      {preview ? (
        <img
          key={preview}
          src={preview}
          alt="Image preview"
          className="max-h-56 w-auto rounded-lg border border-slate-200 object-contain"
          onError={() => toast({ title: "Image Error", description: "Failed to load image preview", variant: "destructive" })}
        />
      ) : null}
    </fieldset>
  );
}
