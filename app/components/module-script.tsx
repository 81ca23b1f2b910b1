/**
 * A page's own small script (built by Vite as ES code, `?worker&url`), loaded as an ES module: its top-level
 * names stay its own. Loaded as classic scripts, two of them on one page (the vitals beacon and the blog's
 * or the forms' script) declared the same minified names in the shared global scope, and the second one
 * threw. `async`, so it never holds up the page; `src` first, as the front-cache tests find scripts by it.
 * `nonce` only on a page the front cache never keeps (its CSP names the render's nonce with 'strict-dynamic',
 * which sets 'self' aside); a kept page's CSP allows 'self' and its bytes carry no nonce.
 */
export function ModuleScript({ src, nonce }: { src: string; nonce?: string }) {
  return <script src={src} type="module" async nonce={nonce} />;
}
