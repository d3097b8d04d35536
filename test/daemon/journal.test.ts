// The journal: checksummed records, created 0600; a torn last line is cut, measured in bytes;
// any damage before the tail (a flipped byte, a bad last line that is complete) is refused with
// its byte offset and the file is left as it was.

import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { Journal, JournalError, scanJournal } from "../../daemon/journal.js";
import { cleanup, scratch } from "./harness.js";

afterEach(cleanup);

function threeRecords(): { path: string; bytes: Buffer; starts: number[] } {
  const path = join(scratch(), "j");
  const j = new Journal(path);
  j.append("a", { x: "é€" });
  j.append("b", { y: [1, 2, 3] });
  j.append("c");
  j.close();
  const bytes = readFileSync(path);
  const starts = [0];
  for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return { path, bytes, starts };
}

function refusal(path: string): JournalError {
  try {
    new Journal(path).close();
  } catch (e) {
    if (e instanceof JournalError) return e;
    throw e;
  }
  throw new Error("the journal was accepted");
}

describe("journal", () => {
  it("numbers records, stamps them, reads them back, and is created 0600", () => {
    const { path } = threeRecords();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = new Journal(path);
    expect(again.recovered.map((r) => [r.seq, r.type])).toEqual([[1, "a"], [2, "b"], [3, "c"]]);
    expect(again.recovered[0]?.["x"]).toBe("é€");
    expect(typeof again.recovered[0]?.["boot"]).toBe("string");
    expect(again.append("d").seq).toBe(4);
    again.close();
  });

  it("cuts a torn last line by its length in bytes, whatever its bytes, and keeps every record", () => {
    const { path, bytes } = threeRecords();
    const torn = Buffer.from([0x30, 0x31, 0xff, 0xfe, 0xc3, 0x20, 0x7b, 0x22, 0xe2, 0x82]);
    appendFileSync(path, torn);
    const again = new Journal(path);
    expect(again.tornBytes).toBe(torn.length);
    expect(statSync(path).size).toBe(bytes.length);
    expect(again.append("d").seq).toBe(4);
    again.close();
    const reopened = new Journal(path);
    expect(reopened.recovered.map((r) => r.type)).toEqual(["a", "b", "c", "d"]);
    reopened.close();
  });

  it("refuses every single byte flip in a middle record, at that record's offset, and leaves the file", () => {
    const { path, bytes, starts } = threeRecords();
    const [, from = 0, to = 0] = starts;
    let refused = 0;
    for (let i = from; i < to; i++) {
      const bad = Buffer.from(bytes);
      bad[i] = (bad[i] as number) ^ 0x01;
      writeFileSync(path, bad);
      const e = refusal(path);
      expect(e.offset).toBe(from);
      expect(e.message).toContain(`byte ${from}`);
      expect(readFileSync(path).equals(bad)).toBe(true);
      refused++;
    }
    expect(refused).toBe(to - from);
  });

  it.each(["null", "42", "{}", '{"seq":"6"}', '{"seq":4,"type":"d"}'])("refuses a complete bad last line %s at its offset", (line) => {
    const { path, bytes } = threeRecords();
    appendFileSync(path, `${line}\n`);
    expect(refusal(path).offset).toBe(bytes.length);
  });

  it("refuses a checksummed record whose sequence number skips", () => {
    const { path, starts, bytes } = threeRecords();
    const last = bytes.subarray(starts[2]).toString("utf8").replace('"seq":3', '"seq":7');
    const body = last.slice(9, -1);
    writeFileSync(path, Buffer.concat([bytes.subarray(0, starts[2]), Buffer.from(`${crc32(Buffer.from(body)).toString(16).padStart(8, "0")} ${body}\n`)]));
    expect(refusal(path).message).toContain("sequence 7 where 3 was due");
  });

  it("refuses a folder or a path in a missing folder with a message, not a crash", () => {
    const d = scratch();
    mkdirSync(join(d, "sub"));
    expect(refusal(join(d, "sub")).message).toContain("is a directory");
    expect(refusal(join(d, "missing", "j")).message).toContain("folder does not exist");
  });

  it("scans an empty journal as empty", () => {
    expect(scanJournal(Buffer.alloc(0))).toEqual({ records: [], cleanLength: 0, tornBytes: 0 });
  });
});
