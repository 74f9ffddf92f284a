// `HOP_TEST_CPU_LOG=/tmp/cpu.tsv npm test`: each test file's process appends, as it exits, the CPU
// it used and the CPU of the processes it started and waited for (its servers, CLI runs), read
// from /proc/self/stat — on two busy cores a file's wall time says little about what it costs.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";

const log = process.env.HOP_TEST_CPU_LOG;
if (log && process.argv[1]?.includes(`${path.sep}tests${path.sep}`)) {
  process.once("exit", () => {
    try {
      // Fields after the command name: utime stime cutime cstime are the 12th to 15th.
      const stat = readFileSync("/proc/self/stat", "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = (index) => Number(fields[index]) / 100;
      const own = ticks(11) + ticks(12);
      const children = ticks(13) + ticks(14);
      appendFileSync(log, `${path.relative(process.cwd(), process.argv[1])}\t${own.toFixed(1)}\t${children.toFixed(1)}\n`);
    } catch {
      // Not Linux, or /proc unreadable: no report.
    }
  });
}
