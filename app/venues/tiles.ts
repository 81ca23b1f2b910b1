/**
 * The CSP source that allows exactly the tile server's host: `https://{s}.tile.example.org/{z}/...`
 * becomes `https://*.tile.example.org` (Leaflet fills {s} with a subdomain).
 */
export function tileImageSource(tileUrl: string): string {
  const match = /^(https?):\/\/([^/]+)/.exec(tileUrl);
  if (!match) throw new Error("MAP_TILE_URL must start with http:// or https://");
  const host = (match[2] ?? "").replace(/\{s\}/g, "*");
  return `${match[1]}://${host}`;
}
