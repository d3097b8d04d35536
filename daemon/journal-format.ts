// Daemon, journal format: a header line naming the format and its version, then one record per
// line; every line is `<crc32 as 8 hex digits> <JSON object>\n`, the checksum over the JSON
// bytes. Scanning works on bytes (never on decoded text), so offsets and cut lengths are exact
// whatever the bytes are. Only an unterminated last line whose checksum does not hold can be a
// torn write (the newline is the last byte of every line); one whose checksum holds lacks only
// its newline and is judged like any complete line. A file that does not begin with the header
// is not this build's journal, whatever its tail: it is refused, never cut. The header and each
// record's stamps (and a decision record's) are spec/journal.yaml's types, decoded with the
// generated validators; a line whose stamps do not decode is refused at its byte offset.

import { crc32 } from "node:zlib";
import { JOURNAL_VERSION as SPEC_JOURNAL_VERSION } from "../generated/ts/journal.js";
import * as journalWire from "../generated/validate/journal.mjs";
import { createWire } from "../runtime/wire.js";

// The line formats are spec/journal.yaml's types, decoded by its generated validators.
const stamps = createWire({ validators: { journal: journalWire } });

/** Why `fields` of `value` (a missing one read as none where the type allows it) are no `name` of spec/journal.yaml, or null. */
function stampFault(name: "Header" | "Stamp" | "DecisionStamp", value: Record<string, unknown>, fields: readonly string[]): string | null {
  const picked = Object.fromEntries(fields.map((f) => [f, value[f] ?? null]));
  const r = stamps.decode("journal", name, picked);
  return r.ok ? null : `not a ${name} (${r.error.message})`;
}

export interface JournalRecord {
  /** Position in the journal, one more than the record before, never reused. */
  readonly seq: number;
  /** What happened: `boot`, `launch`, `worker_started`, `worker_exited`, `decision`, `busy`, ... */
  readonly type: string;
  readonly [field: string]: unknown;
}

/** The header's `format`, and the one version of it this build reads and writes. */
export const JOURNAL_FORMAT = "statute-journal";
export const JOURNAL_VERSION = SPEC_JOURNAL_VERSION;

/** A damaged or foreign journal. Never cut; the supervisor refuses to start. */
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

function encodeLine(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value), "utf8");
  const head = Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} `, "latin1");
  return Buffer.concat([head, json, Buffer.from("\n")]);
}

export function encodeRecord(record: JournalRecord): Buffer {
  return encodeLine(record);
}

/** The first line of every journal (and of every segment a rotation starts). */
export function encodeHeader(): Buffer {
  return encodeLine({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION });
}

/** A journal's bytes as they were written: the header, then the records. */
export function encodeJournal(records: readonly JournalRecord[]): Buffer {
  return Buffer.concat([encodeHeader(), ...records.map(encodeRecord)]);
}

export interface Scanned {
  readonly records: JournalRecord[];
  /** The byte offset of each record's line, in the order of `records`. */
  readonly offsets: number[];
  /** Bytes of the header and complete, valid records: the file is cut to this length when a tail is torn. */
  readonly cleanLength: number;
  /** Bytes after the last line (a torn write), 0 when the file ends with a whole line. */
  readonly tornBytes: number;
  /** The last line (a record, or the header) is whole but for its newline: the journal restores it. */
  readonly unterminated: boolean;
  /** No header: an earlier build's journal, read only when the caller allows it (the audit). */
  readonly headerless: boolean;
}

/** The JSON bytes of a line whose checksum holds, else null. */
function checked(line: Buffer): Buffer | null {
  if (line.length < 10 || line[8] !== 0x20) return null;
  const hex = line.subarray(0, 8).toString("latin1");
  if (!/^[0-9a-f]{8}$/.test(hex)) return null;
  const json = line.subarray(9);
  return crc32(json) === parseInt(hex, 16) ? json : null;
}

/** The line's JSON as an object, or why it is not one. */
function parsed(json: Buffer): { value: Record<string, unknown> } | { why: string } {
  let v: unknown;
  try {
    v = JSON.parse(json.toString("utf8"));
  } catch {
    return { why: "not JSON" };
  }
  return typeof v === "object" && v !== null && !Array.isArray(v) ? { value: v as Record<string, unknown> } : { why: "not a JSON object" };
}

/** Why a whole line is not a record, or the record (with the expected seq, when one is due). */
function lineFault(line: Buffer, expectSeq: number | null): { why: string } | { record: JournalRecord } {
  const json = checked(line);
  if (json === null) return { why: line.length < 10 || !/^[0-9a-f]{8} /.test(line.subarray(0, 9).toString("latin1")) ? "no checksum" : "checksum mismatch" };
  const p = parsed(json);
  if ("why" in p) return p;
  const value = p.value;
  if (value["seq"] === undefined) return { why: "no sequence number" };
  if (value["type"] === undefined) return { why: "no record type" };
  const stamp = stampFault("Stamp", value, ["seq", "type"]) ?? (value["type"] === "decision" ? stampFault("DecisionStamp", value, ["module", "rule", "digest"]) : null);
  if (stamp !== null) return { why: stamp };
  if (expectSeq !== null && value["seq"] !== expectSeq) return { why: `sequence ${String(value["seq"])} where ${expectSeq} was due` };
  return { record: value as JournalRecord };
}

/** Whether the first line is this build's header; else the refusal, saying what the file is. */
function headerFault(first: Buffer, path: string): string | null {
  const json = checked(first);
  const p = json === null ? null : parsed(json);
  const value = p !== null && "value" in p ? p.value : null;
  if (value !== null && value["format"] === JOURNAL_FORMAT) {
    if (stampFault("Header", value, ["format", "version"]) === null && Object.keys(value).length === 2) return null;
    return `${path}: a statute journal of format version ${JSON.stringify(value["version"])}; this build reads version ${JOURNAL_VERSION} only. It was not changed: use it with the build that wrote it`;
  }
  const legacy = lineFault(first, null);
  if ("record" in legacy) {
    return `${path}: a journal of an earlier statute-supervisor build (records from seq ${legacy.record.seq}, no format header); this build reads only journals that begin with the ${JOURNAL_FORMAT} v${JOURNAL_VERSION} header. It was not changed: move it aside (its archives too) or give --journal another path to start a new journal; \`statute-supervisor audit\` still reads it`;
  }
  return `${path}: not a statute journal (its first line is not the ${JOURNAL_FORMAT} header); it was not changed. Give --journal the path of a journal, of an empty file, or of none yet`;
}

/**
 * Read journal bytes: the header, then every whole line must be a record; an unterminated last
 * line is torn unless its checksum holds. Empty bytes are a journal not yet begun. With
 * `headerless`, an earlier build's journal (records from the first line) is read too.
 */
export function scanJournal(bytes: Buffer, path = "journal", o: { readonly headerless?: boolean } = {}): Scanned {
  if (bytes.length === 0) return { records: [], offsets: [], cleanLength: 0, tornBytes: 0, unterminated: false, headerless: false };
  const firstEnd = bytes.indexOf(0x0a);
  const first = bytes.subarray(0, firstEnd < 0 ? bytes.length : firstEnd);
  const fault = headerFault(first, path);
  const headerless = fault !== null && o.headerless === true && "record" in lineFault(first, null);
  if (fault !== null && !headerless) throw new JournalError(fault, 0);
  if (!headerless && firstEnd < 0) return { records: [], offsets: [], cleanLength: bytes.length, tornBytes: 0, unterminated: true, headerless };
  const records: JournalRecord[] = [];
  const offsets: number[] = [];
  let offset = headerless ? 0 : firstEnd + 1;
  let unterminated = false;
  while (offset < bytes.length) {
    const nl = bytes.indexOf(0x0a, offset);
    const end = nl < 0 ? bytes.length : nl;
    const line = bytes.subarray(offset, end);
    // A tail whose checksum does not hold is a write the crash cut short.
    if (nl < 0 && checked(line) === null) break;
    const r = lineFault(line, records.length === 0 ? null : (records[records.length - 1] as JournalRecord).seq + 1);
    if ("why" in r) {
      throw new JournalError(`${path}: damaged record at byte ${offset} (line ${records.length + (headerless ? 1 : 2)}): ${r.why}; refusing to start (a damaged record before the tail is never cut)`, offset);
    }
    records.push(r.record);
    offsets.push(offset);
    unterminated = nl < 0;
    offset = nl < 0 ? end : end + 1;
  }
  return { records, offsets, cleanLength: offset, tornBytes: bytes.length - offset, unterminated, headerless };
}
