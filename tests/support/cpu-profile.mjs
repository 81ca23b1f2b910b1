// Where a run's CPU goes, process by process (decision 0099): NODE_OPTIONS="--import ./tests/support/cpu-profile.mjs"
// with CLINK_CPU_PROFILE_DIR set makes every Node process of a run (runners, test servers, tools) write a V8 CPU
// profile there at its exit, named by kind and pid; `node scripts/cpu-profile-summary.mjs DIR` sums them.
// Node refuses `--cpu-prof` in NODE_OPTIONS, so the inspector's profiler is started here instead.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CLINK_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 2000 });
  session.post("Profiler.start");
  const script = process.argv[1] ?? "";
  const kind = script.endsWith("server.js") ? "server" : process.argv.join(" ").includes("vitest") ? "vitest" : "other";
  // The same-thread session answers synchronously, so the profile is written before the process is gone.
  process.once("exit", () =>
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${kind}-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(result.profile));
    }),
  );
}
