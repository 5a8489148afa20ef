/* A rotating disk as arithmetic: where each byte of the backing image lies on the platters, what
 * a request costs from the head's position and the spindle's angle, the track buffer with its
 * read-ahead and the volatile write cache. No I/O and no clock of its own: every call gets the
 * time of arrival in nanoseconds and returns the time of completion, so the unit tests drive it
 * with a synthetic clock and the nbdkit plugin (disk_plugin.c) with the monotonic one.
 *
 * One request at a time, as one actuator serves them: a request that arrives while the drive is
 * still busy starts when the previous one completed. */
#ifndef COMMITBENCH_DISK_MODEL_H
#define COMMITBENCH_DISK_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "model_common.h"

#define DISK_SECTOR 512

/* The profile's model keys, as numbers; disk_params_from_profile fills them. */
struct disk_params {
  double rpm;
  double cylinders;          /* tracks per surface */
  double heads;              /* read/write heads: tracks per cylinder */
  double media_od_mbs;       /* media rate at the outer diameter, 10^6 bytes per second */
  double media_id_mbs;       /* media rate at the inner diameter */
  double seek_track_ms;      /* track-to-track seek, settle included */
  double seek_avg_ms;        /* average seek, taken as the seek over a third of the stroke */
  double seek_full_ms;       /* full-stroke seek */
  double head_switch_ms;     /* switch to another head on the same cylinder */
  double overhead_ms;        /* command overhead: controller time per command */
  double interface_mbs;      /* host link, 10^6 bytes per second */
  double read_ahead_kb;      /* how far the drive reads on after a read, KiB */
  double write_cache;        /* 1: volatile write cache on, 0: every write goes to the media */
  double write_cache_mb;     /* its size, MiB */
  double stroke;             /* fraction of the full stroke the backing image is spread over */
  double band_mb;            /* the image is spread in bands of this many MiB; 0: per cylinder */
};

/* Reads the model keys of a profile; name, description and datasheet.* keys are the lab's and
 * are allowed but not read. -1 with a message naming the key and its range. */
int disk_params_from_profile (const struct model_profile *p, struct disk_params *out, char *err,
                              size_t errlen);

/* One track of the backing image: its first byte, its sectors and its place on the drive. */
struct disk_track {
  int64_t start;  /* offset in the image of its first sector */
  int32_t spt;    /* sectors on it */
  int32_t cyl;
  double origin;  /* angle of its first sector, fraction of a turn */
};

struct disk_extent {
  int64_t start, end;
};

struct disk_counters {
  uint64_t requests, reads, writes, flushes, fua_writes;
  uint64_t seeks, track_buffer_hits, drains, cache_full_drains;
  uint64_t bytes_read, bytes_written;
  int64_t busy_ns;
};

struct disk_model {
  struct disk_params p;
  int64_t size;
  double period_ns;       /* one revolution */
  struct disk_track *tracks;
  int64_t ntracks;

  int64_t busy_until;     /* completion of the last request */
  int64_t head_track;     /* track under the head */
  int64_t head_off;       /* where the last media transfer ended, for the elevator */

  /* Track buffer: holds [buf_lo, stream position); while stream_on the drive reads on from
   * stream_off (reached at stream_t) up to ra_limit. */
  int buf_valid;
  int64_t buf_lo, ra_limit;
  int stream_on;
  int64_t stream_off, stream_t, stream_head_track;

  /* Write cache: dirty extents sorted by offset, disjoint and not touching. */
  struct disk_extent *dirty;
  size_t ndirty, dirty_cap;
  int64_t dirty_bytes;

  struct disk_counters c;
};

/* Lays the image of size bytes out over the drive. -1 with a message when it does not fit. */
int disk_model_init (struct disk_model *m, const struct disk_params *p, int64_t size, char *err,
                     size_t errlen);
void disk_model_free (struct disk_model *m);

/* Seek time in ns over d cylinders (0 for d = 0). */
double disk_seek_ns (const struct disk_model *m, double d);

/* Sectors per track on cylinder cyl (zoned recording). */
int32_t disk_spt_at (const struct disk_model *m, double cyl);

/* The track holding image offset off. */
int64_t disk_track_of (const struct disk_model *m, int64_t off);

/* Angle under the heads at time t, fraction of a turn. */
double disk_angle_at (const struct disk_model *m, int64_t t);

/* A request arriving at now; returns its completion time. */
int64_t disk_read (struct disk_model *m, int64_t now, int64_t off, int64_t len);
int64_t disk_write (struct disk_model *m, int64_t now, int64_t off, int64_t len, int fua);
int64_t disk_flush (struct disk_model *m, int64_t now);

/* key = value lines of the counters, for the state file. */
int disk_model_format_state (const struct disk_model *m, const char *profile_name, char *buf,
                             size_t len);

#endif
