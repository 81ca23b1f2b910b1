/**
 * A source map's source as the site's own path (pure): "../../app/routes/x.tsx" -> "app/routes/x.tsx",
 * a dependency's "../../node_modules/react-dom/cjs/x.js" -> "node_modules/react-dom/cjs/x.js".
 */
export function sourcePath(source: string): string {
  const clean = source.replace(/^[a-z]+:\/\//i, "").replace(/\\/g, "/");
  const at = clean.search(/(^|\/)(app|server|node_modules)\//);
  if (at < 0) return clean.replace(/^(\.\.?\/)+/, "");
  return clean.slice(clean[at] === "/" ? at + 1 : at);
}
