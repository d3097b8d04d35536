// The stamp reader the daemon uses for busy records: what it reads, and every malformed stamp it
// refuses (null, so the revival veto answers Unreadable instead of guessing a time).

import { describe, expect, it } from "vitest";
import { readStamp, STAMP_MAX_MS } from "../../runtime/stamp.js";

describe("readStamp", () => {
  it("reads milliseconds as a number or plain digits, and RFC 3339 UTC times", () => {
    expect(readStamp(0)).toBe(0);
    expect(readStamp(1_764_550_923_456)).toBe(1_764_550_923_456);
    expect(readStamp("1764550923456")).toBe(1_764_550_923_456);
    expect(readStamp("2025-12-01T01:02:03.456Z")).toBe(Date.UTC(2025, 11, 1, 1, 2, 3, 456));
    expect(readStamp("2025-12-01T01:02:03Z")).toBe(Date.UTC(2025, 11, 1, 1, 2, 3));
    expect(readStamp("2024-02-29T00:00:00.5Z")).toBe(Date.UTC(2024, 1, 29, 0, 0, 0, 500));
    expect(readStamp(STAMP_MAX_MS)).toBe(STAMP_MAX_MS);
  });

  it("refuses every malformed stamp", () => {
    const bad: unknown[] = [
      null, undefined, true, {}, [], [1], -1, 1.5, Number.NaN, Infinity, STAMP_MAX_MS + 1, 2 ** 60,
      "", " 1", "1 ", "+1", "-1", "1.0", "1e3", "0x10", "١٢٣", "1_000", "9999999999999999",
      "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-12-00T00:00:00Z",
      "2025-12-01T24:00:00Z", "2025-12-01T00:60:00Z", "2025-12-01T00:00:60Z", "2025-12-01T00:00:00",
      "2025-12-01T00:00:00+01:00", "2025-12-01 00:00:00Z", "2025-12-01T00:00:00.1234Z", "2025-12-01", "yesterday",
    ];
    for (const b of bad) expect(readStamp(b), JSON.stringify(b) ?? String(b)).toBeNull();
  });
});
