// The journal: a format header, then checksummed records, created 0600; a torn last line is
// cut, measured in bytes, and a last record missing only its newline is kept; any damage before
// the tail (a flipped byte, a bad last line that is complete) is refused with its byte offset and
// the file is left as it was. A file that does not begin with the header (a foreign file, a
// journal of the earlier header-less build) is refused whatever its tail, never cut or written.

import { appendFileSync, mkdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { Journal, JournalError, scanJournal } from "../../daemon/journal.js";
import { audit } from "../../daemon/audit.js";
import { wire } from "../../daemon/config.js";
import { encodeJournal, encodeRecord } from "../../daemon/journal-format.js";
import { cleanup, scratch } from "./harness.js";

afterEach(cleanup);

/** A journal of three records; `starts` are the records' byte offsets (the header's line is before them). */
function threeRecords(): { path: string; bytes: Buffer; starts: number[] } {
  const path = join(scratch(), "j");
  const j = new Journal(path);
  j.append("a", { x: "é€" });
  j.append("b", { y: [1, 2, 3] });
  j.append("c");
  j.close();
  const bytes = readFileSync(path);
  const starts: number[] = [];
  for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return { path, bytes, starts };
}

/** The header line of a journal's bytes, parsed (its checksum is the format's business). */
const headerOf = (bytes: Buffer) => JSON.parse(bytes.subarray(9, bytes.indexOf(0x0a)).toString("utf8")) as unknown;

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
    expect(scanJournal(Buffer.alloc(0))).toMatchObject({ records: [], cleanLength: 0, tornBytes: 0 });
  });
});

describe("journal format header and last line (issue 23)", () => {
  const foreign = "hello, this is not a journal file";

  it.each([["without a final newline", foreign], ["with a final newline", `${foreign}\n`], ["with a torn-looking tail", `${foreign}\n{"seq":1,"ty`]])(
    "refuses a foreign file %s, naming what it is, and never cuts or writes it",
    (_, text) => {
      const path = join(scratch(), "j");
      writeFileSync(path, text);
      const e = refusal(path);
      expect(e.message).toContain("not a statute journal");
      expect(e.message).toContain("not changed");
      expect(readFileSync(path, "utf8")).toBe(text);
    },
  );

  it("refuses a journal of the earlier header-less build, torn tail or not, and leaves it as it was", () => {
    const legacy = Buffer.concat([1, 2, 3].map((seq) => encodeRecord({ seq, type: "boot", pid: 1 })));
    for (const bytes of [legacy, Buffer.concat([legacy, Buffer.from('0123abcd {"seq":4')])]) {
      const path = join(scratch(), "j");
      writeFileSync(path, bytes);
      const e = refusal(path);
      expect(e.message).toContain("earlier statute-supervisor build");
      expect(e.message).toContain("move it aside");
      expect(readFileSync(path).equals(bytes)).toBe(true);
      // The audit only reads, so it still reads such a journal, and says what it is.
      expect(audit(path, wire())).toMatchObject({ records: 3, headerless: 1, disagreements: [] });
    }
  });

  it("refuses to begin a journal beside archives that a moved-away journal left", () => {
    const path = join(scratch(), "j");
    writeFileSync(`${path}.000000000003.old`, encodeJournal([{ seq: 1, type: "a" }]));
    expect(refusal(path).message).toContain("archive(s) of it remain");
    expect(() => statSync(path)).toThrow();
  });

  it("an absent file and an empty file become journals that begin with the header", () => {
    const absent = join(scratch(), "j");
    const empty = join(scratch(), "j");
    writeFileSync(empty, "");
    for (const path of [absent, empty]) {
      const j = new Journal(path);
      expect(j.created).toBe(true);
      j.append("a");
      j.close();
      const bytes = readFileSync(path);
      expect(headerOf(bytes)).toEqual({ format: "statute-journal", version: 1 });
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(new Journal(path).recovered.map((r) => r.type)).toEqual(["a"]);
    }
  });

  it("refuses a header of a format version this build does not read", () => {
    const { path, bytes } = threeRecords();
    const json = Buffer.from('{"format":"statute-journal","version":2}');
    const line = Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} ${json.toString()}\n`);
    const next = Buffer.concat([line, bytes.subarray(bytes.indexOf(0x0a) + 1)]);
    writeFileSync(path, next);
    expect(refusal(path).message).toContain("format version 2");
    expect(readFileSync(path).equals(next)).toBe(true);
  });

  it("refuses every single byte flip in the header and leaves the file", () => {
    const { path, bytes, starts } = threeRecords();
    for (let i = 0; i < (starts[0] as number); i++) {
      const bad = Buffer.from(bytes);
      bad[i] = (bad[i] as number) ^ 0x01;
      writeFileSync(path, bad);
      refusal(path);
      expect(readFileSync(path).equals(bad)).toBe(true);
    }
  });

  it("keeps a last record whose only damage is its missing newline, and restores the newline", () => {
    const { path, bytes } = threeRecords();
    truncateSync(path, bytes.length - 1);
    const again = new Journal(path);
    expect(again.tornBytes).toBe(0);
    expect(again.recovered.map((r) => r.type)).toEqual(["a", "b", "c"]);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(again.append("d").seq).toBe(4);
    again.close();
    expect(new Journal(path).recovered.map((r) => r.type)).toEqual(["a", "b", "c", "d"]);
  });

  it("keeps a header whose only damage is its missing newline", () => {
    const path = join(scratch(), "j");
    new Journal(path).close();
    const bytes = readFileSync(path);
    truncateSync(path, bytes.length - 1);
    const again = new Journal(path);
    expect(again.recovered).toEqual([]);
    again.close();
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it("refuses an unterminated last line whose checksum holds but whose sequence skips", () => {
    const { path, starts, bytes } = threeRecords();
    const body = bytes.subarray(starts[2]).toString("utf8").replace('"seq":3', '"seq":7').slice(9, -1);
    const next = Buffer.concat([bytes.subarray(0, starts[2]), Buffer.from(`${crc32(Buffer.from(body)).toString(16).padStart(8, "0")} ${body}`)]);
    writeFileSync(path, next);
    expect(refusal(path).message).toContain("sequence 7 where 3 was due");
    expect(readFileSync(path).equals(next)).toBe(true);
  });
});
