// Daemon: the journal, an append-only file of JSON lines. A record is on disk (written and
// fsync'ed) before `append` returns, so the daemon acts only on what a crash cannot lose. On
// open, a torn last line (a crash in the middle of a write) is reported and cut off; every
// complete record before it is kept.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";

export interface JournalRecord {
  /** 1-based position in the journal, never reused. */
  readonly seq: number;
  /** What happened: `worker_started`, `worker_failed`, `restart`, `given_up`, ... */
  readonly type: string;
  /** The rest of the record. */
  readonly [field: string]: unknown;
}

export class Journal {
  private fd: number;
  private last: number;
  /** Records found on open, oldest first. */
  readonly recovered: readonly JournalRecord[];
  /** Bytes of a torn last line cut off on open (0 when the file ended cleanly). */
  readonly tornBytes: number;

  constructor(
    readonly path: string,
    /** Called after each record is on disk (the daemon prints it; tests count it). */
    private readonly onAppend: (record: JournalRecord) => void = () => {},
  ) {
    const { records, cleanLength, torn } = existsSync(path) ? readJournal(readFileSync(path, "utf8")) : { records: [], cleanLength: 0, torn: 0 };
    if (torn > 0) truncateSync(path, cleanLength);
    this.recovered = records;
    this.tornBytes = torn;
    this.last = records.length === 0 ? 0 : (records[records.length - 1]?.seq ?? 0);
    this.fd = openSync(path, "a");
  }

  /** Write one record and fsync it; returns it with its sequence number. */
  append(type: string, fields: Readonly<Record<string, unknown>> = {}): JournalRecord {
    const record: JournalRecord = { ...fields, seq: this.last + 1, type };
    const line = `${JSON.stringify(record)}\n`;
    writeSync(this.fd, line);
    fsyncSync(this.fd);
    this.last = record.seq;
    this.onAppend(record);
    return record;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

/** Parse journal text: complete lines are records; an unterminated or unparsable last line is torn. */
export function readJournal(text: string): { records: JournalRecord[]; cleanLength: number; torn: number } {
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset < text.length) {
    const end = text.indexOf("\n", offset);
    if (end < 0) break;
    const line = text.slice(offset, end);
    let record: JournalRecord;
    try {
      record = JSON.parse(line) as JournalRecord;
    } catch {
      // Only the last write can be torn by a crash; a bad line with records after it is damage
      // the daemon must not paper over by cutting the good records that follow.
      if (end + 1 < text.length) throw new Error(`journal: line ${records.length + 1} is not a record, and records follow it; refusing to truncate`);
      break;
    }
    records.push(record);
    offset = end + 1;
  }
  const cleanLength = Buffer.byteLength(text.slice(0, offset));
  return { records, cleanLength, torn: Buffer.byteLength(text) - cleanLength };
}
