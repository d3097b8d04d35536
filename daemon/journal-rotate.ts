// Daemon, journal rotation: the steps that switch a journal past its size bound to a compacted
// one, each crash-safe. The next journal (one `snapshot` record) is written to a temporary file
// and fsync'ed; the journal is hard-linked to its archive name and the folder fsync'ed; the
// temporary file is renamed over the journal and the folder fsync'ed again. A crash before the
// rename leaves the old journal whole (daemon/journal-chain.ts `repairRotation` drops the
// temporary file and an archive that is still the journal); a crash after it leaves the archive
// and the new journal, which join without a gap. No acknowledged record is ever out of both.

import { closeSync, constants, fsyncSync, linkSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { archivePath, fsyncDir, rotatingPath } from "./journal-chain.js";

/** The steps of a rotation, in order; a test hook may stop (crash) before any of them. */
export const ROTATE_STEPS = ["write", "fsync", "link", "fsync-dir", "rename", "fsync-dir-again", "switch"] as const;
export type RotateStep = (typeof ROTATE_STEPS)[number];

/**
 * Rotate `journal` (its segment ends at `lastSeq`) to a new journal holding `first` (the encoded
 * snapshot record). `before` runs before each step (a throw there is a crash at that point).
 * Returns a descriptor of the new journal, open for appending.
 */
export function rotateFiles(journal: string, lastSeq: number, first: Buffer, before: (s: RotateStep) => void): number {
  const tmp = rotatingPath(journal);
  const dir = dirname(journal);
  before("write");
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, 0o600);
  try {
    let done = 0;
    while (done < first.length) done += writeSync(fd, first, done);
    before("fsync");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  before("link");
  linkSync(journal, archivePath(journal, lastSeq));
  before("fsync-dir");
  fsyncDir(dir);
  before("rename");
  renameSync(tmp, journal);
  before("fsync-dir-again");
  fsyncDir(dir);
  before("switch");
  return openSync(journal, constants.O_WRONLY | constants.O_APPEND);
}
