// Daemon: the journal, an append-only file of checksummed records after a format header
// (daemon/journal-format.ts). A record is written and fsync'ed before `append` returns, so the
// daemon acts only on what a crash cannot lose; the file is created 0600, header first, and its
// folder fsync'ed so the file itself survives. On open, only a regular file that begins with the
// header is used (anything else is refused and left as it was); a torn last line (a crash
// mid-write) is cut, measured in bytes, and a last record missing only its newline gets it back;
// damage before the tail is refused with its byte offset, never cut. Past a size bound the
// journal is rotated (daemon/journal-rotate.ts): the next one starts with a snapshot of the replay.

import { closeSync, fchmodSync, fsyncSync, ftruncateSync, unlinkSync, writeSync } from "node:fs";
import { basename } from "node:path";
import { archives, repairRotation } from "./journal-chain.js";
import { openRegular } from "./journal-file.js";
import { type JournalRecord, JournalError, encodeHeader, encodeRecord, type Scanned, scanJournal } from "./journal-format.js";
import { createFiles, type RotateStep, rotateFiles } from "./journal-rotate.js";
import { bootId, systemMonotonic, wallClock } from "./system.js";

export { type JournalRecord, JournalError, scanJournal } from "./journal-format.js";
export { fsyncDir } from "./journal-chain.js";

export interface RotateOptions {
  /** Rotate once the journal passes this many bytes (and twice its size after the last rotation). */
  readonly maxBytes: number;
  /** The body of the next journal's first record: the replay of every record so far. */
  readonly snapshot: () => Readonly<Record<string, unknown>>;
  /** Archives kept; older ones are removed after a rotation (the audit then starts at a snapshot). */
  readonly keepArchives: number;
  /** Test hook: runs before each step of a rotation; a throw there is a crash at that point. */
  readonly before?: (step: RotateStep) => void;
}

function refused(path: string, e: unknown): JournalError {
  const code = (e as NodeJS.ErrnoException).code ?? "";
  if (e instanceof JournalError) return e;
  const why = code === "EISDIR" ? "is a directory"
    : code === "ENOENT" ? "its folder does not exist"
    : code === "EACCES" || code === "EPERM" ? "permission denied"
    : code === "ENOTDIR" ? "a part of the path is not a folder"
    : code === "ELOOP" ? "it is a symbolic link; give the journal's own path"
    : (e as Error).message;
  return new JournalError(`${path}: cannot use this journal: ${why}`, -1);
}

export class Journal {
  private fd: number;
  private last: number;
  /** Records found on open, oldest first. */
  readonly recovered: readonly JournalRecord[];
  /** The byte offset of each recovered record in the file. */
  readonly offsets: readonly number[];
  /** Bytes of a torn last line cut off on open (0 when the file ended cleanly). */
  readonly tornBytes: number;
  /** The last line lacked only its newline (its checksum held): kept, and the newline restored on open. */
  readonly unterminated: boolean;
  /** Whether this open created the file. */
  readonly created: boolean;
  /** What a crash in the middle of a rotation left, repaired on open (for the log). */
  readonly repaired: readonly string[];
  /** Bytes in the journal now, and right after the last rotation. */
  private size: number;
  private base = 0;

  constructor(
    readonly path: string,
    /** Called after each record is on disk (the daemon prints it; tests count it). */
    private readonly onAppend: (record: JournalRecord) => void = () => {},
    private readonly rotation: RotateOptions | null = null,
  ) {
    try {
      this.repaired = repairRotation(path);
    } catch (e) {
      throw refused(path, e);
    }
    let opened: { fd: number; bytes: Buffer } | null;
    try {
      opened = openRegular(path);
    } catch (e) {
      throw refused(path, e);
    }
    let scanned: Scanned;
    try {
      scanned = scanJournal(opened?.bytes ?? Buffer.alloc(0), path);
    } catch (e) {
      if (opened !== null) closeSync(opened.fd);
      throw e;
    }
    this.created = opened === null || opened.bytes.length === 0;
    if (this.created) {
      if (opened !== null) closeSync(opened.fd);
      this.fd = this.begin(opened !== null);
      this.size = encodeHeader().length;
    } else {
      this.fd = (opened as { fd: number }).fd;
      this.size = this.mend(scanned);
    }
    this.recovered = scanned.records;
    this.offsets = scanned.offsets;
    this.tornBytes = scanned.tornBytes;
    this.unterminated = scanned.unterminated;
    this.last = scanned.records.length === 0 ? 0 : (scanned.records[scanned.records.length - 1] as JournalRecord).seq;
    const first = scanned.records[0];
    if (first !== undefined && first.type === "snapshot") this.base = encodeHeader().length + encodeRecord(first).length;
  }

  /** A new journal (none, or an empty file): its header written first, as a whole. */
  private begin(replaceEmpty: boolean): number {
    // Archives beside no journal: it was moved away without them, and a new chain would join them.
    const left = archives(this.path);
    if (left.length > 0) {
      throw new JournalError(`${this.path}: the journal is missing or empty but ${left.length} archive(s) of it remain (${basename(left[0] as string)}, ...); move them aside too, or put the journal back`, -1);
    }
    try {
      return createFiles(this.path, encodeHeader(), replaceEmpty);
    } catch (e) {
      throw refused(this.path, e);
    }
  }

  /** An existing journal: a torn tail cut, a missing last newline restored; returns its size. */
  private mend(scanned: Scanned): number {
    try {
      fchmodSync(this.fd, 0o600);
      if (scanned.tornBytes > 0) ftruncateSync(this.fd, scanned.cleanLength);
      if (scanned.unterminated) writeSync(this.fd, "\n");
      if (scanned.tornBytes > 0 || scanned.unterminated) fsyncSync(this.fd);
    } catch (e) {
      throw refused(this.path, e);
    }
    return scanned.cleanLength + (scanned.unterminated ? 1 : 0);
  }

  /** The sequence number of the latest record (0 when empty). */
  get lastSeq(): number {
    return this.last;
  }

  /** Write one record and fsync it; returns it with its sequence number and stamps. */
  append(type: string, fields: Readonly<Record<string, unknown>> = {}): JournalRecord {
    if (this.fd < 0) throw new Error(`journal ${this.path} is closed`);
    const record = this.stamp(type, fields);
    const bytes = encodeRecord(record);
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done);
    fsyncSync(this.fd);
    this.last = record.seq;
    this.size += bytes.length;
    this.onAppend(record);
    const r = this.rotation;
    if (r !== null && this.size > r.maxBytes && this.size >= 2 * this.base) this.rotate(r);
    return record;
  }

  private stamp(type: string, fields: Readonly<Record<string, unknown>>): JournalRecord {
    return { seq: this.last + 1, type, boot: bootId(), wall_ms: wallClock.now(), mono_ms: systemMonotonic.now(), ...fields };
  }

  /** Switch to a journal that starts (after its header) with a snapshot of the replay; the old one is archived. */
  private rotate(r: RotateOptions): void {
    const record = this.stamp("snapshot", { ...r.snapshot(), archived: this.last });
    const bytes = Buffer.concat([encodeHeader(), encodeRecord(record)]);
    const fd = rotateFiles(this.path, this.last, bytes, r.before ?? (() => {}));
    closeSync(this.fd);
    this.fd = fd;
    this.last = record.seq;
    this.size = this.base = bytes.length;
    this.onAppend(record);
    const old = archives(this.path);
    for (const a of old.slice(0, Math.max(0, old.length - r.keepArchives))) unlinkSync(a);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
