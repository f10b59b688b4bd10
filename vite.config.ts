import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        // Resource routes (API, webhooks, health, auth actions) have only server exports, so their client
        // chunk is empty by design: React Router never loads it. Every other warning is shown.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  ssr: {
    // Native/wasm database drivers stay outside the server bundle.
    external: ["@electric-sql/pglite", "pg", "pino"],
  },
});
