import { Link2 } from "lucide-react";

/**
 * Share links that carry the post's real address (plain links). "Copy link" needs the blog pages'
 * script (app/blog/reading/copy-link.client.ts), which shows it: hidden where it could not work.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X", href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm font-semibold text-slate-700">Share:</span>
      {links.map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-secondary min-h-11 px-4"
          aria-label={`Share on ${link.name} (opens in a new tab)`}
        >
          {link.name}
        </a>
      ))}
      <button type="button" hidden data-copy-link={url} data-copy-status="copy-link-status" className="btn btn-secondary min-h-11 px-4">
        <Link2 aria-hidden className="size-4" />
        <span data-copy-label>Copy link</span>
      </button>
      <span id="copy-link-status" role="status" className="sr-only" />
    </div>
  );
}
