package io.commitbench.storage.layout;

import io.commitbench.storage.snapshot.SnapshotBackend;
import io.commitbench.storage.snapshot.SnapshotBackend.Program;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a host can make a layout or take its snapshots: the kernel parts and programs each needs,
 * checked with a {@link HostProbe}, every gap named in one reason
 * ({@code unsupported on this host: no device-mapper (…); missing programs: pvcreate, … (lvm2)}).
 */
final class HostSupport {

  static final String PREFIX = "unsupported on this host: ";

  private static final List<Program> BASIC = List.of(new Program("mount", "mount"), new Program("umount", "mount"),
      new Program("wipefs", "util-linux"), new Program("mkdir", "coreutils"), new Program("rmdir", "coreutils"),
      new Program("chmod", "coreutils"));
  private static final List<Program> LVM = List.of(new Program("pvcreate", "lvm2"), new Program("vgcreate", "lvm2"),
      new Program("lvcreate", "lvm2"), new Program("lvremove", "lvm2"), new Program("vgremove", "lvm2"),
      new Program("pvremove", "lvm2"), new Program("lvs", "lvm2"), new Program("vgs", "lvm2"),
      new Program("pvs", "lvm2"));

  private HostSupport() {}

  /** Why the host cannot make the layout, or empty. */
  static Optional<String> layoutReason(LayoutSpec spec, HostProbe probe) {
    List<String> problems = new ArrayList<>();
    Set<Program> programs = new LinkedHashSet<>(BASIC);
    if (spec.manager().usesLvm()) {
      deviceMapper(probe, spec.manager() == VolumeManager.LVM_THIN_RAID0 ? List.of("dm-thin-pool") : List.of(),
          problems);
      programs.addAll(LVM);
      if (spec.manager() == VolumeManager.LVM_THIN_RAID0) {
        // LVM runs thin_check before it activates a pool; without it the pool cannot be used.
        programs.add(new Program("thin_check", "thin-provisioning-tools"));
      }
    }
    filesystem(spec.filesystem().label(), probe, problems);
    programs.add(new Program(spec.filesystem().program(), spec.filesystem().toolPackage()));
    if (spec.manager() == VolumeManager.BTRFS_RAID0) {
      programs.add(new Program("btrfs", "btrfs-progs"));
    }
    missing(programs, probe, problems);
    return reason(problems);
  }

  /** Why the host cannot take the backend's snapshots of a layout with that filesystem, or empty. */
  static Optional<String> snapshotReason(SnapshotBackend backend, LayoutFilesystem filesystem, HostProbe probe) {
    List<String> problems = new ArrayList<>();
    if (!backend.deviceMapperTargets().isEmpty()) {
      deviceMapper(probe, backend.deviceMapperTargets(), problems);
    } else {
      filesystem(filesystem.label(), probe, problems);
    }
    missing(new LinkedHashSet<>(backend.programs()), probe, problems);
    return reason(problems);
  }

  private static void deviceMapper(HostProbe probe, List<String> targets, List<String> problems) {
    if (!probe.deviceMapper()) {
      problems.add("no device-mapper in this kernel (" + probe.procFile("misc") + " does not list device-mapper, and "
          + "there is no dm-mod module for kernel " + probe.kernelRelease() + "); LVM needs it");
      return;
    }
    for (String target : targets) {
      if (probe.lacksModule(target)) {
        problems.add("the kernel has no " + target + " device-mapper target (no module in " + probe.moduleDirectory()
            + ")");
      }
    }
  }

  private static void filesystem(String name, HostProbe probe, List<String> problems) {
    if (!probe.knowsFilesystem(name)) {
      problems.add("the kernel does not know the " + name + " filesystem (not in " + probe.procFile("filesystems")
          + ", and no " + name + " module for kernel " + probe.kernelRelease() + "), so it cannot be mounted");
    }
  }

  private static void missing(Set<Program> programs, HostProbe probe, List<String> problems) {
    Map<String, List<String>> byPackage = new LinkedHashMap<>();
    for (Program p : programs) {
      if (!probe.hasProgram(p.name())) {
        byPackage.computeIfAbsent(p.debianPackage(), k -> new ArrayList<>()).add(p.name());
      }
    }
    if (!byPackage.isEmpty()) {
      List<String> parts = new ArrayList<>();
      byPackage.forEach((pkg, names) -> parts.add(String.join(", ", names) + " (package " + pkg + ")"));
      problems.add("missing programs: " + String.join("; ", parts));
    }
  }

  private static Optional<String> reason(List<String> problems) {
    return problems.isEmpty() ? Optional.empty() : Optional.of(PREFIX + String.join("; ", problems));
  }
}
