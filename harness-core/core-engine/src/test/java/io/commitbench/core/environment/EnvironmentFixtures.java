package io.commitbench.core.environment;

import io.commitbench.core.server.Fact;
import java.util.List;

/** A fixed, complete set of facts as a local PostgreSQL run would give them. */
final class EnvironmentFixtures {

  private EnvironmentFixtures() {}

  static List<Fact> postgresqlOnThisHost() {
    return List.of(
        Fact.of("harness", "version", "0.1.0"),
        Fact.of("harness", "commit", "e5dd8a6790050d6bbcb9b4af20bc2fcadd56f949"),
        Fact.of("harness", "uncommitted_changes", "false"),
        Fact.of("host", "cpu_model", "AMD EPYC"),
        Fact.of("host", "cpu_count", "2"),
        Fact.of("host", "memory_total_bytes", "25276514304"),
        Fact.of("host", "kernel", "6.18.44-fc-v595"),
        Fact.of("host", "os", "Debian GNU/Linux 12 (bookworm)"),
        Fact.of("host", "java", "17.0.15+6-Debian-1deb12u1 (Debian, OpenJDK 64-Bit Server VM)"),
        Fact.of("server", "on_this_host", "yes: 127.0.0.1 is a loopback address"),
        Fact.of("server", "product", "PostgreSQL"),
        Fact.of("server", "version", "15.20 (Debian 15.20-0+deb12u1)"),
        Fact.of("durability", "synchronous_commit", "on"),
        Fact.of("durability", "fsync", "on"),
        Fact.of("durability", "wal_sync_method", "fdatasync"),
        Fact.of("durability", "full_page_writes", "on"),
        Fact.of("durability", "wal_recycle", "on"),
        Fact.of("durability", "wal_init_zero", "on"),
        Fact.of("durability", "commit_delay", "0"),
        Fact.unknown("durability", "wal_level", "permission denied"),
        Fact.of("log_location", "wal_directory", "/var/lib/postgresql/15/main/pg_wal"),
        Fact.of("log_device", "wal_directory.real_path", "/ssd/pg_wal"),
        Fact.of("log_device", "wal_directory.mount_point", "/ssd"),
        Fact.of("log_device", "wal_directory.filesystem", "ext4"),
        Fact.of("log_device", "wal_directory.mount_options", "rw,noatime"),
        Fact.of("log_device", "wal_directory.mount_source", "/dev/loop3"),
        Fact.of("log_device", "wal_directory.device", "loop3"),
        Fact.of("log_device", "wal_directory.device_chain", "loop3 (loop, /dev/shm/ssd.img on tmpfs)"),
        Fact.of("log_device", "wal_directory.backing_devices", "loop3"),
        Fact.of("log_device", "wal_directory.rotational", "0"),
        Fact.of("log_device", "wal_directory.logical_block_size", "512"),
        Fact.of("log_device", "wal_directory.physical_block_size", "512"),
        Fact.of("log_device", "wal_directory.discard_max_bytes", "4294966784"),
        Fact.of("log_device", "wal_directory.free_bytes", "1073741824"),
        Fact.of("log_device", "wal_directory.total_bytes", "2147483648"));
  }
}
