// Daemon, journal chain: a rotated journal is a chain of segments. Each rotation renames the
// journal to an archive `<journal>.<last seq, 12 digits>.old` and starts the journal again with
// a `snapshot` record (the replay of everything before it, daemon/replay.ts) whose seq follows the
// archive's last one. This module names the files, repairs what a crash in the middle of a
// rotation left (daemon/journal-rotate.ts says which step leaves what), and reads the chain back
// for the audit and the tests, checking that the segments join without a gap. Every segment
// begins with the format header; the audit alone also reads an earlier build's header-less ones.

import { closeSync, constants, fsyncSync, openSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readRegular } from "./journal-file.js";
import { type JournalRecord, JournalError, scanJournal } from "./journal-format.js";

/** The temporary file a rotation (or a creation) writes the next journal into before renaming (or linking) it. */
export const rotatingPath = (journal: string) => `${journal}.rotating`;

/** The archive of the segment whose last record has this seq. */
export const archivePath = (journal: string, lastSeq: number) => `${journal}.${String(lastSeq).padStart(12, "0")}.old`;

/** fsync a folder, so that a file just created, linked or renamed in it survives a crash. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The archives of a journal, oldest first. */
export function archives(journal: string): string[] {
  const base = basename(journal);
  const re = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(\\d{12})\\.old$`);
  let names: string[];
  try {
    names = readdirSync(dirname(journal));
  } catch {
    return [];
  }
  return names.filter((n) => re.test(n)).sort().map((n) => join(dirname(journal), n));
}

/**
 * Undo a rotation a crash interrupted, before the journal is read. Until the rename, the journal
 * is the old segment, whole: the temporary file is dropped, and so is an archive that is still
 * the journal itself (the same inode: linked, not yet switched). After the rename, the journal
 * starts with its snapshot and the archive holds the old segment: nothing to undo.
 * Returns what was repaired, for the log.
 */
export function repairRotation(journal: string): string[] {
  const done: string[] = [];
  const tmp = rotatingPath(journal);
  try {
    unlinkSync(tmp);
    done.push(`dropped ${basename(tmp)}, a rotation or creation that did not finish`);
  } catch {
    // no rotation was under way
  }
  let ino: number | null = null;
  try {
    ino = statSync(journal).ino;
  } catch {
    // no journal yet
  }
  for (const a of archives(journal)) {
    if (ino !== null && statSync(a).ino === ino) {
      unlinkSync(a);
      done.push(`dropped ${basename(a)}, still the journal itself`);
    }
  }
  if (done.length > 0) fsyncDir(dirname(journal));
  return done;
}

export interface Chain {
  /** Every record of every segment still on disk, oldest first. */
  readonly records: JournalRecord[];
  /** Where each record's line starts: its segment file and byte offset, in the order of `records`. */
  readonly places: { readonly file: string; readonly offset: number }[];
  readonly segments: number;
  /** Bytes of a torn last line of the journal (not read). */
  readonly tornBytes: number;
  /** Segments without a format header (an earlier build's; read only when asked). */
  readonly headerless: number;
}

/**
 * Read the archives and the journal as one sequence; a gap or overlap between segments is
 * damage. With `headerless` (the audit, which never writes), an earlier build's segments are read.
 */
export function readChain(journal: string, o: { readonly headerless?: boolean } = {}): Chain {
  const files = [...archives(journal), journal];
  const records: JournalRecord[] = [];
  const places: { file: string; offset: number }[] = [];
  let tornBytes = 0;
  let headerless = 0;
  for (const [i, file] of files.entries()) {
    const scanned = scanJournal(readRegular(file), file, o);
    if (scanned.headerless) headerless++;
    const first = scanned.records[0];
    const prev = records[records.length - 1];
    if (prev !== undefined && first !== undefined) {
      if (first.seq !== prev.seq + 1) throw new JournalError(`${file}: starts at seq ${first.seq} where ${prev.seq + 1} was due`, 0);
      if (first.type !== "snapshot") throw new JournalError(`${file}: a rotated segment starts with a ${first.type}, not a snapshot`, 0);
    }
    records.push(...scanned.records);
    places.push(...scanned.offsets.map((offset) => ({ file, offset })));
    if (i === files.length - 1) tornBytes = scanned.tornBytes;
  }
  return { records, places, segments: files.length, tornBytes, headerless };
}
