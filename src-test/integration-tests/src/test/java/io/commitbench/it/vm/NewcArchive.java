package io.commitbench.it.vm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A cpio archive in the "newc" format, the one the Linux kernel unpacks as an initramfs. The VM
 * gets its commands as such a small archive appended to the cached base initramfs: the kernel
 * unpacks concatenated archives in turn, so no per-run tool or image rebuild is needed.
 *
 * <p>Entries are written in the order added; a directory must come before what it holds (the
 * kernel creates files without their parents). Owner root, time 0: only the content matters.
 */
final class NewcArchive {

  private static final int DIRECTORY = 0040755;
  private static final int REGULAR_FILE = 0100644;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private int nextInode = 1;
  private boolean finished;

  /** A directory, e.g. {@code commitbench/scripts} (relative, no leading slash). */
  NewcArchive directory(String path) {
    entry(path, DIRECTORY, 2, new byte[0]);
    return this;
  }

  NewcArchive file(String path, byte[] content) {
    entry(path, REGULAR_FILE, 1, content);
    return this;
  }

  /** The archive with its closing {@code TRAILER!!!} entry; nothing can be added afterwards. */
  byte[] toBytes() {
    if (!finished) {
      writeEntry("TRAILER!!!", 0, 1, new byte[0], 0);
      finished = true;
    }
    return out.toByteArray();
  }

  private void entry(String path, int mode, int links, byte[] content) {
    if (finished) {
      throw new IllegalStateException("the archive is finished");
    }
    if (path.isEmpty() || path.startsWith("/") || path.contains("\0")) {
      throw new IllegalArgumentException("archive path must be relative and non-empty: '" + path + "'");
    }
    writeEntry(path, mode, links, content, nextInode++);
  }

  private void writeEntry(String name, int mode, int links, byte[] content, int inode) {
    byte[] nameBytes = (name + "\0").getBytes(StandardCharsets.UTF_8);
    StringBuilder header = new StringBuilder("070701");
    for (long field : new long[] {inode, mode, 0, 0, links, 0, content.length, 0, 0, 0, 0, nameBytes.length, 0}) {
      header.append(String.format("%08x", field));
    }
    write(header.toString().getBytes(StandardCharsets.US_ASCII));
    write(nameBytes);
    pad();
    write(content);
    pad();
  }

  private void write(byte[] bytes) {
    out.write(bytes, 0, bytes.length);
  }

  /** Header plus name, and the data, each end on a multiple of four bytes. */
  private void pad() {
    while (out.size() % 4 != 0) {
      out.write(0);
    }
  }
}
