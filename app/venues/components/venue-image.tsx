import { useState } from "react";
import type { VenueType } from "~/venues/venue";

/** The spec's placeholder colours by type (other grey), with text that stays readable on them. */
const TYPE_PLACEHOLDER: Record<VenueType | "other", string> = {
  bar: "bg-blue-700",
  restaurant: "bg-green-700",
  club: "bg-purple-700",
  brewery: "bg-amber-700",
  rooftop: "bg-red-700",
  lounge: "bg-indigo-700",
  other: "bg-slate-600",
};

/** A venue's picture; if it fails to load, a placeholder coloured by type with the venue's name. */
export function VenueImage({ src, name, type, className = "" }: { src: string; name: string; type: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const colour = TYPE_PLACEHOLDER[type as VenueType] ?? TYPE_PLACEHOLDER.other;
  if (failed) {
    return (
      <div
        data-testid="venue-image-placeholder"
        className={`flex items-center justify-center p-4 text-center font-semibold text-white ${colour} ${className}`}
      >
        {name}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={640}
      height={400}
      className={`object-cover ${className}`}
      // An image that failed before hydration never fires onError again: check it on mount too.
      ref={(img) => {
        if (img && img.complete && img.naturalWidth === 0 && img.src) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
}
