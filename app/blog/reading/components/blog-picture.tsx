import { GRADIENT_PLACEHOLDERS, type BlogImagePlan } from "~/blog/post/image";

/**
 * A post's picture with the spec's fallbacks: its own image, then the category image, then
 * the gradient placeholder reading "No Image". Width and height are set so nothing shifts.
 * Plain HTML: the later sources and the placeholder ride along as data attributes, and the
 * blog pages' small script (app/blog/reading/picture-fallback.client.ts) moves to them when an image fails.
 */
export function BlogPicture({
  plan,
  alt,
  sizes,
  className = "",
  width = 800,
  height = 420,
  priority = false,
  placeholderText = "No Image",
}: {
  plan: BlogImagePlan;
  alt: string;
  sizes: string;
  className?: string;
  width?: number;
  height?: number;
  priority?: boolean;
  placeholderText?: string | null;
}) {
  const placeholderClass = `flex items-center justify-center ${GRADIENT_PLACEHOLDERS[plan.gradient]} ${className}`;
  const [src, ...fallbacks] = plan.sources;
  if (!src) {
    return (
      <div className={placeholderClass} role={placeholderText ? undefined : "presentation"}>
        {placeholderText ? <span className="text-lg font-semibold text-white">{placeholderText}</span> : null}
      </div>
    );
  }
  const srcSet = plan.srcSet.length ? plan.srcSet.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      data-fallbacks={fallbacks.join(" ")}
      data-placeholder-class={placeholderClass}
      data-placeholder-text={placeholderText ?? ""}
      className={`object-cover ${className}`}
    />
  );
}
