package io.commitbench.it.vm;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The scripts of one boot as the cpio archive appended to the base initramfs, laid out the way
 * {@code scripts/vm/guest-init.sh} reads them: {@code commitbench/scripts/<NN-name>/<NNNN>}, one
 * file per command, so no command needs quoting and the guest runs them in name order.
 */
final class CommandArchive {

  static final int MAX_SCRIPTS = 99;
  static final int MAX_COMMANDS = 9999;

  private CommandArchive() {}

  static byte[] of(List<GuestScript> scripts) {
    if (scripts.isEmpty() || scripts.size() > MAX_SCRIPTS) {
      throw new IllegalArgumentException("a boot runs 1 to " + MAX_SCRIPTS + " scripts, not " + scripts.size());
    }
    NewcArchive archive = new NewcArchive().directory("commitbench").directory("commitbench/scripts");
    for (int s = 0; s < scripts.size(); s++) {
      GuestScript script = scripts.get(s);
      if (script.commands().size() > MAX_COMMANDS) {
        throw new IllegalArgumentException("script " + script.name() + " has more than " + MAX_COMMANDS + " commands");
      }
      String dir = "commitbench/scripts/" + directory(s, script);
      archive.directory(dir);
      for (int c = 0; c < script.commands().size(); c++) {
        archive.file(dir + "/" + file(c + 1), (script.commands().get(c) + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return archive.toBytes();
  }

  /** The folder of the script at {@code index} (0-based): its position first, so they run in order. */
  static String directory(int index, GuestScript script) {
    return String.format("%02d-%s", index + 1, script.name());
  }

  /** The file of command {@code number} (1-based). */
  static String file(int number) {
    return String.format("%04d", number);
  }
}
