package io.commitbench.it.vm;

import java.util.List;
import java.util.stream.IntStream;

/**
 * Loop devices in the guest over sparse files in its {@code /scratch} tmpfs: the VM's "disks".
 * Fixed names ({@code /dev/loop<first>} ...) are safe here, unlike on the host: the VM is fresh and
 * nobody else's, and its loop module makes {@value #GUEST_LOOP_DEVICES} of them at boot. Give each
 * scenario of a boot its own range so one that fails half-way cannot disturb the next.
 *
 * @param first number of the first loop device
 * @param count how many
 * @param bytes size of each (sparse: only what is written takes guest memory)
 */
public record GuestLoopDevices(int first, int count, long bytes) {

  /** loop.max_loop given by scripts/vm/prepare.sh. */
  public static final int GUEST_LOOP_DEVICES = 16;

  public GuestLoopDevices {
    if (first < 0 || count < 1 || first + count > GUEST_LOOP_DEVICES) {
      throw new IllegalArgumentException("loop devices " + first + " .. " + (first + count - 1)
          + " do not exist in the guest: it has /dev/loop0 .. /dev/loop" + (GUEST_LOOP_DEVICES - 1));
    }
    if (bytes < (1 << 20) || bytes % 512 != 0) {
      throw new IllegalArgumentException("loop device size " + bytes + " must be at least 1 MiB and a multiple of 512");
    }
  }

  /** {@code /dev/loopN}, in order. */
  public List<String> devices() {
    return numbers().mapToObj(n -> "/dev/loop" + n).toList();
  }

  /** Makes the backing files and attaches them. */
  public List<String> setupCommands() {
    return numbers().mapToObj(n -> "truncate -s " + bytes + " " + file(n) + " && losetup /dev/loop" + n + " " + file(n))
        .toList();
  }

  /**
   * Checks that nothing still sits on the devices (a device-mapper table left by a teardown that
   * forgot something shows as a holder), then detaches them and removes the files.
   */
  public List<String> teardownCommands() {
    String names = String.join(" ", numbers().mapToObj(n -> "loop" + n).toList());
    return List.of(
        "for d in " + names + "; do h=$(ls /sys/block/$d/holders); [ -z \"$h\" ] || { echo \"$d is still held by: $h\"; exit 1; }; done",
        "losetup -d " + String.join(" ", devices()),
        "rm -f " + String.join(" ", numbers().mapToObj(GuestLoopDevices::file).toList()));
  }

  private IntStream numbers() {
    return IntStream.range(first, first + count);
  }

  private static String file(int n) {
    return "/scratch/loop" + n + ".img";
  }
}
