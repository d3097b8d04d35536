// The journal: records survive a crash of the daemon. A torn last line is cut on open and every
// complete record before it kept; damage with records after it is refused, never truncated.
// The crash test SIGKILLs a real daemon mid-crash-loop and checks that every record it had
// acknowledged (printed after fsync) is in the file.

import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Journal, readJournal } from "../../daemon/journal.js";

const root = join(import.meta.dirname, "..", "..");
const dirs: string[] = [];
function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), "statute-journal-"));
  dirs.push(d);
  return d;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("journal", () => {
  it("numbers records and reads them back after reopening", () => {
    const path = join(scratch(), "j.jsonl");
    const j = new Journal(path);
    j.append("a", { x: 1 });
    j.append("b");
    j.close();
    const again = new Journal(path);
    expect(again.recovered.map((r) => [r.seq, r.type])).toEqual([[1, "a"], [2, "b"]]);
    expect(again.append("c").seq).toBe(3);
    again.close();
  });

  it("cuts a torn last line and keeps every complete record", () => {
    const path = join(scratch(), "j.jsonl");
    const j = new Journal(path);
    j.append("a");
    j.append("b");
    j.close();
    appendFileSync(path, '{"seq":3,"ty');
    const again = new Journal(path);
    expect(again.tornBytes).toBe('{"seq":3,"ty'.length);
    expect(again.recovered.map((r) => r.type)).toEqual(["a", "b"]);
    expect(again.append("c").seq).toBe(3);
    again.close();
    expect(readJournal(readFileSync(path, "utf8")).records.map((r) => r.type)).toEqual(["a", "b", "c"]);
  });

  it("refuses to truncate when a damaged line has records after it", () => {
    const path = join(scratch(), "j.jsonl");
    writeFileSync(path, '{"seq":1,"type":"a"}\nnot json\n{"seq":3,"type":"c"}\n');
    expect(() => new Journal(path)).toThrow(/refusing to truncate/);
    expect(readFileSync(path, "utf8")).toContain('{"seq":3,"type":"c"}');
  });

  it("a daemon killed mid-crash-loop has every acknowledged record on disk", async () => {
    const path = join(scratch(), "j.jsonl");
    const sessions = Array.from({ length: 20 }, (_, i) => ["--session", `s${i}`]).flat();
    const child = spawn(
      process.execPath,
      ["--conditions=statute-source", "--import", "tsx", join(root, "daemon", "main.ts"), "--journal", path, "--worker", join(root, "fixtures", "daemon", "crashing-worker.mjs"), "--time-scale", "0", ...sessions],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    const acknowledged: number[] = [];
    let buffer = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let nl;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const m = /^journaled (\d+) /.exec(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          if (m) acknowledged.push(Number(m[1]));
          if (acknowledged.length === 40) child.kill("SIGKILL");
        }
      });
      child.on("exit", () => resolve());
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    const { records } = readJournal(readFileSync(path, "utf8"));
    const onDisk = new Set(records.map((r) => r.seq));
    expect(acknowledged.filter((seq) => !onDisk.has(seq))).toEqual([]);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
  }, 60_000);
});
