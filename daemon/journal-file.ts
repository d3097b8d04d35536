// Daemon, journal files: a journal path is used only when it is a regular file. It is looked at
// with lstat before it is opened and with fstat after (a FIFO swapped in between is still
// caught), opened non-blocking (opening a FIFO never waits for a writer) and never through a
// symbolic link: the lock is keyed by the path and a rotation renames over it, so a link would
// give one file two locks and be replaced by the first rotation.

import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";
import { JournalError } from "./journal-format.js";

const what = (st: Stats) => st.isDirectory() ? "is a directory"
  : st.isSymbolicLink() ? "is a symbolic link; give the journal's own path"
  : st.isFIFO() ? "is a FIFO, not a regular file"
  : st.isSocket() ? "is a socket, not a regular file"
  : st.isCharacterDevice() || st.isBlockDevice() ? "is a device, not a regular file"
  : "is not a regular file";

function regular(path: string, st: Stats): void {
  if (!st.isFile()) throw new JournalError(`${path}: cannot use this journal: it ${what(st)}`, -1);
}

/** Read a whole file by its descriptor, `size` bytes as fstat gave them. */
export function readAll(fd: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, bytes, done, size - done, done);
    if (n === 0) break;
    done += n;
  }
  return bytes.subarray(0, done);
}

/**
 * Open an existing journal for reading and appending, with its bytes; null when the path does
 * not exist. Anything else that is not a regular file is a JournalError; other errors are thrown
 * as they are (the caller words them).
 */
export function openRegular(path: string): { fd: number; bytes: Buffer } | null {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  regular(path, st);
  const fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const now = fstatSync(fd);
    regular(path, now);
    return { fd, bytes: readAll(fd, now.size) };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Read a journal or an archive (the audit, the tests): a regular file, read whole, never blocking. */
export function readRegular(path: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    regular(path, st);
    return readAll(fd, st.size);
  } finally {
    closeSync(fd);
  }
}
