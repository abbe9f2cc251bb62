// React Router framework mode: the site lives in web/app and is built into build/web/{client,server}.
// server/site/site-handler.ts mounts the server build inside the API's Express app (one process, one port).
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web/app",
  buildDirectory: "build/web",
  ssr: true,
} satisfies Config;
