import { useEffect, useRef, useState } from "react";
import { GRADIENT_PLACEHOLDERS, type BlogImagePlan } from "~/blog/image";

/**
 * A post's picture with the spec's fallbacks: its own image, then the category image, then
 * the gradient placeholder reading "No Image". Width and height are set so nothing shifts.
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
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const src = plan.sources[attempt];

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setAttempt((a) => a + 1);
  }, [attempt]);

  if (!src) {
    return (
      <div className={`flex items-center justify-center ${GRADIENT_PLACEHOLDERS[plan.gradient]} ${className}`} role={placeholderText ? undefined : "presentation"}>
        {placeholderText ? <span className="text-lg font-semibold text-white">{placeholderText}</span> : null}
      </div>
    );
  }
  const srcSet = attempt === 0 && plan.srcSet.length ? plan.srcSet.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
  return (
    <img
      ref={ref}
      key={src}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      onError={() => setAttempt((a) => a + 1)}
      className={`object-cover ${className}`}
    />
  );
}
