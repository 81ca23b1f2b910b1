import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The Express server is bundled with the React Router server build, so the whole
  // server (routes, database, sessions) ships as one module: build/server/index.js.
  build: isSsrBuild ? { rollupOptions: { input: "./server/index.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
