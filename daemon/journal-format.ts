// Daemon, journal format: one record per line, `<crc32 as 8 hex digits> <JSON object>\n`, the
// checksum over the JSON bytes. Scanning works on bytes (never on decoded text), so offsets and
// cut lengths are exact whatever the bytes are. Only an unterminated last line can be a torn
// write (the newline is the last byte of every record); any other bad line is damage.

import { crc32 } from "node:zlib";

export interface JournalRecord {
  /** Position in the journal, one more than the record before, never reused. */
  readonly seq: number;
  /** What happened: `boot`, `launch`, `worker_started`, `worker_exited`, `decision`, `busy`, ... */
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A damaged journal: a bad record before the tail. Never cut; the supervisor refuses to start. */
export class JournalError extends Error {
  override readonly name = "JournalError";
  constructor(
    message: string,
    /** Byte offset of the bad line (or -1 when the file itself cannot be used). */
    readonly offset: number,
  ) {
    super(message);
  }
}

export function encodeRecord(record: JournalRecord): Buffer {
  const json = Buffer.from(JSON.stringify(record), "utf8");
  const head = Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} `, "latin1");
  return Buffer.concat([head, json, Buffer.from("\n")]);
}

export interface Scanned {
  readonly records: JournalRecord[];
  /** Bytes of complete, valid records: the file is cut to this length when a tail is torn. */
  readonly cleanLength: number;
  /** Bytes after the last newline (a torn write), 0 when the file ends with a newline. */
  readonly tornBytes: number;
}

/** Why a complete line is not a record, or null when it is one (with the expected seq). */
function lineFault(line: Buffer, expectSeq: number | null): { why: string } | { record: JournalRecord } {
  if (line.length < 10 || line[8] !== 0x20) return { why: "no checksum" };
  const hex = line.subarray(0, 8).toString("latin1");
  if (!/^[0-9a-f]{8}$/.test(hex)) return { why: "no checksum" };
  const json = line.subarray(9);
  if (crc32(json) !== parseInt(hex, 16)) return { why: "checksum mismatch" };
  let value: unknown;
  try {
    value = JSON.parse(json.toString("utf8"));
  } catch {
    return { why: "not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { why: "not a JSON object" };
  const r = value as { seq?: unknown; type?: unknown };
  if (!Number.isSafeInteger(r.seq) || (r.seq as number) < 1) return { why: "no sequence number" };
  if (typeof r.type !== "string") return { why: "no record type" };
  if (expectSeq !== null && r.seq !== expectSeq) return { why: `sequence ${String(r.seq)} where ${expectSeq} was due` };
  return { record: value as JournalRecord };
}

/** Read journal bytes: every complete line must be a record; an unterminated last line is torn. */
export function scanJournal(bytes: Buffer, path = "journal"): Scanned {
  const records: JournalRecord[] = [];
  let offset = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, offset);
    if (end < 0) break;
    const r = lineFault(bytes.subarray(offset, end), records.length === 0 ? null : (records[records.length - 1] as JournalRecord).seq + 1);
    if ("why" in r) {
      throw new JournalError(`${path}: damaged record at byte ${offset} (line ${records.length + 1}): ${r.why}; refusing to start (a damaged record before the tail is never cut)`, offset);
    }
    records.push(r.record);
    offset = end + 1;
  }
  return { records, cleanLength: offset, tornBytes: bytes.length - offset };
}
