// Daemon, journal files switched whole: a journal created, and a journal past its size bound
// rotated to a compacted one, each crash-safe. The new journal's bytes (its header, and after a
// rotation a `snapshot` record) are written to a temporary file and fsync'ed. A creation links it
// to the journal's name (or renames it over an empty file) and fsyncs the folder, so the journal
// is never seen without its whole header. A rotation hard-links the journal to its archive name
// and fsyncs the folder, then renames the temporary file over the journal and fsyncs the folder
// again. A crash before the rename leaves the old journal whole (daemon/journal-chain.ts
// `repairRotation` drops the temporary file and an archive that is still the journal); a crash
// after it leaves the archive and the new journal, which join without a gap. No acknowledged
// record is ever out of both.

import { closeSync, constants, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { archivePath, fsyncDir, rotatingPath } from "./journal-chain.js";

/** The steps of a rotation, in order; a test hook may stop (crash) before any of them. */
export const ROTATE_STEPS = ["write", "fsync", "link", "fsync-dir", "rename", "fsync-dir-again", "switch"] as const;
export type RotateStep = (typeof ROTATE_STEPS)[number];

const appending = (journal: string) => openSync(journal, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);

function writeTemp(tmp: string, bytes: Buffer, before: (s: RotateStep) => void): void {
  before("write");
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600);
  try {
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done);
    before("fsync");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Create `journal` holding `first` (the encoded header): it must not exist, or be an empty file
 * (`replace`), which the new one replaces. Returns a descriptor of it, open for appending.
 */
export function createFiles(journal: string, first: Buffer, replace: boolean): number {
  const tmp = rotatingPath(journal);
  writeTemp(tmp, first, () => {});
  if (replace) renameSync(tmp, journal);
  else {
    try {
      linkSync(tmp, journal);
    } finally {
      unlinkSync(tmp);
    }
  }
  fsyncDir(dirname(journal));
  return appending(journal);
}

/**
 * Rotate `journal` (its segment ends at `lastSeq`) to a new journal holding `first` (the encoded
 * header and snapshot record). `before` runs before each step (a throw there is a crash at that
 * point). Returns a descriptor of the new journal, open for appending.
 */
export function rotateFiles(journal: string, lastSeq: number, first: Buffer, before: (s: RotateStep) => void): number {
  const dir = dirname(journal);
  const tmp = rotatingPath(journal);
  writeTemp(tmp, first, before);
  before("link");
  linkSync(journal, archivePath(journal, lastSeq));
  before("fsync-dir");
  fsyncDir(dir);
  before("rename");
  renameSync(tmp, journal);
  before("fsync-dir-again");
  fsyncDir(dir);
  before("switch");
  return appending(journal);
}
