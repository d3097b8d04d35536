// Daemon, host facts: the system-wide monotonic clock (CLOCK_MONOTONIC through
// process.hrtime, so two supervisors on one boot read the same timeline), the boot id that says
// whether two monotonic readings are comparable, and the wall clock for stamps.

import { readFileSync } from "node:fs";
import type { Clock } from "../runtime/index.js";

/** CLOCK_MONOTONIC in whole ms: comparable between processes of one boot, never across boots. */
export const systemMonotonic: Clock = { now: () => Number(process.hrtime.bigint() / 1_000_000n) };

/** The wall clock in whole ms (journal stamps, busy records; never for a duration). */
export const wallClock: Clock = { now: () => Date.now() };

let boot: string | null = null;

/** This boot's id; monotonic times journaled under another boot id are not comparable. */
export function bootId(): string {
  if (boot !== null) return boot;
  try {
    boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    // No procfs: fall back to the time the host booted, which is as unique per boot.
    boot = `uptime-${Math.round(Date.now() / 1000 - Number(readFileSync("/proc/uptime", "utf8").split(" ")[0] ?? 0))}`;
  }
  return boot;
}
