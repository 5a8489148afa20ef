package io.commitbench.storage.instance;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.lab.LabTenants;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps each lab an instance's directories lie on told what the instance keeps there ({@link
 * LabTenants}), so that {@code lab down} refuses to delete the images under a stopped instance's
 * data or log and says how to take it off. Called whenever the descriptor changes where things are.
 */
final class LabTenancy {

  private static final String LOG = "log";

  private LabTenancy() {}

  /**
   * Records, on every lab that any of {@code touched} has a directory on, what {@code holders}
   * (together) keep there (directories on its mounts, and its throttle cgroup when the server is
   * started in it), or forgets the instance on a lab where they keep nothing. A descriptor
   * that changes is recorded with both its old and new self as holders before it is written, and
   * with the new one only after: a crash in between leaves the lab refusing, never unaware.
   */
  static void record(List<InstanceDescriptor> touched, List<InstanceDescriptor> holders) throws IOException {
    Map<Path, LabState> labs = new LinkedHashMap<>();
    for (InstanceDescriptor d : touched) {
      for (Path dir : directories(d).values()) {
        LabState.containing(dir).ifPresent(lab -> labs.putIfAbsent(lab.root(), lab));
      }
    }
    Path owner = touched.get(0).instanceDir().resolve(InstanceDescriptor.FILE);
    for (LabState lab : labs.values()) {
      List<String> keeps = new ArrayList<>();
      boolean onlyLog = true;
      boolean inCgroup = false;
      for (InstanceDescriptor d : holders) {
        for (Map.Entry<String, Path> e : directories(d).entrySet()) {
          Optional<String> kept = lab.deviceHolding(e.getValue())
              .map(device -> "its " + e.getKey() + " " + e.getValue() + " on the " + device);
          if (kept.isPresent() && !keeps.contains(kept.get())) {
            keeps.add(kept.get());
            onlyLog &= e.getKey().equals(LOG);
          }
        }
        // Started in the lab's throttle cgroup, the server could not start once down removed it.
        String cgroup = "its throttle cgroup " + d.cgroup().map(Path::toString).orElse("") + " (the lab's)";
        if (d.cgroup().isPresent() && d.cgroup().equals(lab.throttleCgroup()) && !keeps.contains(cgroup)) {
          keeps.add(cgroup);
          inCgroup = true;
        }
      }
      if (keeps.isEmpty()) {
        LabTenants.forget(lab.root(), owner);
      } else {
        InstanceDescriptor d = holders.get(holders.size() - 1);
        LabTenants.record(lab.root(), new LabTenants.Tenant(owner, "managed " + d.kind() + " instance "
            + d.instanceDir(), keeps, remedy(d.instanceDir(), onlyLog, inCgroup)));
      }
    }
  }

  /** The instance's directories by what they are, as a tenant record names them. */
  private static Map<String, Path> directories(InstanceDescriptor d) {
    Map<String, Path> dirs = new LinkedHashMap<>();
    dirs.put("instance directory", d.instanceDir());
    dirs.put("data", d.dataDir());
    dirs.put(LOG, d.logDir());
    return dirs;
  }

  /**
   * Destroying always takes the instance off the lab; moving its log does only when nothing else
   * of it is there. No command changes an instance's cgroup, hence the remark when it is the lab's.
   */
  private static String remedy(Path instanceDir, boolean onlyLog, boolean inCgroup) {
    String destroy = "remove it with 'commitbench storage instance destroy --instance " + instanceDir + " --apply'";
    if (!onlyLog) {
      return destroy;
    }
    if (inCgroup) {
      return destroy + " (moving its log off the lab is not enough: its server starts in the lab's cgroup)";
    }
    return destroy + ", or move its log off the lab with 'commitbench storage relocate-log --instance " + instanceDir
        + " --to DIR --apply' (or 'commitbench storage undo' of the journal that moved it there, in "
        + instanceDir.resolve(InstanceDescriptor.JOURNALS) + ")";
  }
}
