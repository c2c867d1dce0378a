// `npm run dev`: the API restarts on change (port 5000); Vite serves the client with HMR on 5173 and proxies /api and /ws.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], { stdio: "inherit" }),
  spawn("npx", ["vite", "--host", process.env.HOST ?? "127.0.0.1"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
