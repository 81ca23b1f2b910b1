// Starts the site. Production runs the built server (build/server/index.js, made by
// `npm run build`); development loads the TypeScript sources through Vite.
if (process.env.NODE_ENV === "production") {
  const { start } = await import("./build/server/index.js");
  await start();
} else {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { start } = await vite.ssrLoadModule("./server/index.ts");
  await start({ vite });
}
