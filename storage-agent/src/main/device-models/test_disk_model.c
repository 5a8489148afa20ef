/* Unit tests of the disk model's arithmetic on a synthetic clock. Run from the device-models
 * directory (the profiles are read from profiles/); exits 0 when every check holds.
 *
 *   cc -O2 -Wall -Werror -o t test_disk_model.c disk_model.c model_common.c -lm && ./t */
#include "disk_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
static const char *current;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      failures++;                                          \
      printf ("FAIL %s: %s: ", current, #cond);            \
      printf (__VA_ARGS__);                                \
      printf ("\n");                                       \
    }                                                      \
  } while (0)

#define MS 1000000LL

/* A 7,200 rpm drive with round figures, so expected values can be worked out by hand. */
static struct disk_params
params (void)
{
  struct disk_params p = {
    .rpm = 7200, .cylinders = 90000, .heads = 4, .media_od_mbs = 150, .media_id_mbs = 75,
    .seek_track_ms = 0.5, .seek_avg_ms = 8, .seek_full_ms = 16, .head_switch_ms = 0.5,
    .overhead_ms = 0.2, .interface_mbs = 600, .read_ahead_kb = 1024, .write_cache = 1,
    .write_cache_mb = 4, .stroke = 1.0,
  };
  return p;
}

static void
make (struct disk_model *m, struct disk_params p, int64_t size)
{
  char err[MODEL_ERR_LEN];
  if (disk_model_init (m, &p, size, err, sizeof err) != 0) {
    printf ("FAIL %s: init: %s\n", current, err);
    exit (1);
  }
}

static void
test_seek_curve (void)
{
  current = "seek curve";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  CHECK (disk_seek_ns (&m, 0) == 0, "%g", disk_seek_ns (&m, 0));
  CHECK (fabs (disk_seek_ns (&m, 1) - 0.5e6) < 1, "track to track %g", disk_seek_ns (&m, 1));
  CHECK (fabs (disk_seek_ns (&m, 30000) - 8e6) < 1, "average %g", disk_seek_ns (&m, 30000));
  CHECK (fabs (disk_seek_ns (&m, 89999) - 16e6) < 1, "full %g", disk_seek_ns (&m, 89999));
  /* Square-root shape below the average point: a quarter of the distance costs settle plus half
   * the square-root term; linear beyond it: halfway to full is halfway in time. */
  double a = (8e6 - 0.5e6) / (sqrt (30000.0) - 1), settle = 0.5e6 - a;
  CHECK (fabs (disk_seek_ns (&m, 7500) - (settle + a * sqrt (7500.0))) < 1, "%g",
         disk_seek_ns (&m, 7500));
  CHECK (fabs (disk_seek_ns (&m, 59999.5) - 12e6) < 1, "%g", disk_seek_ns (&m, 59999.5));
  double prev = 0;
  for (double d = 1; d < 90000; d *= 1.3) {
    CHECK (disk_seek_ns (&m, d) >= prev, "not monotonic at %g", d);
    prev = disk_seek_ns (&m, d);
  }
  disk_model_free (&m);
}

static void
test_zones_and_layout (void)
{
  current = "zoned sectors per track and layout";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t period = 8333333;
  CHECK ((int64_t) m.period_ns == period, "%g", m.period_ns);
  int32_t od = (int32_t) floor (150e6 * period / 1e9 / 512);
  int32_t id = (int32_t) floor (75e6 * period / 1e9 / 512);
  int32_t mid = (int32_t) floor (112.5e6 * period / 1e9 / 512);
  CHECK (disk_spt_at (&m, 0) == od, "%d != %d", disk_spt_at (&m, 0), od);
  CHECK (disk_spt_at (&m, 89999) == id, "%d != %d", disk_spt_at (&m, 89999), id);
  CHECK (abs (disk_spt_at (&m, 44999.5) - mid) <= 1, "%d != %d", disk_spt_at (&m, 44999.5), mid);
  /* Consecutive sectors stay consecutive on a track, then on the cylinder's next head. */
  CHECK (m.tracks[0].start == 0 && m.tracks[0].spt == od, "%d", m.tracks[0].spt);
  for (int64_t k = 1; k < m.ntracks; k++) {
    CHECK (m.tracks[k].start == m.tracks[k - 1].start + (int64_t) m.tracks[k - 1].spt * 512,
           "track %lld", (long long) k);
    CHECK (m.tracks[k].cyl == m.tracks[k - 1].cyl ? k % 4 != 0 : k % 4 == 0, "cylinder of %lld",
           (long long) k);
  }
  /* Spread over the whole stroke: the last track lies near the inner diameter. */
  const struct disk_track *last = &m.tracks[m.ntracks - 1];
  CHECK (last->cyl > 0.98 * 89999 && last->cyl < 90000, "last cylinder %d", last->cyl);
  CHECK (last->spt < 0.52 * od, "inner track %d sectors", last->spt);
  CHECK (disk_track_of (&m, 0) == 0 && disk_track_of (&m, m.tracks[5].start) == 5
         && disk_track_of (&m, m.tracks[5].start - 1) == 4, "track lookup");
  disk_model_free (&m);

  /* In bands: adjacent cylinders within a band, a jump between bands, still the whole stroke. */
  struct disk_params banded = params ();
  banded.band_mb = 64;
  make (&m, banded, 1LL << 30);
  int64_t jumps = 0;
  for (int64_t k = 1; k < m.ntracks; k++) {
    /* A band's first cylinder starts where the band does, or with the cylinder after it. */
    int32_t step = m.tracks[k].cyl - m.tracks[k - 1].cyl;
    int64_t band_off = m.tracks[k].start % (64 << 20);
    int near_start = band_off < 4 * (int64_t) m.tracks[k - 1].spt * 512;
    CHECK (step == 0 || step == 1 || (near_start && step > 1000), "cylinder step %d at track %lld",
           step, (long long) k);
    jumps += step > 1;
  }
  CHECK (jumps >= 14 && jumps <= 16, "%lld jumps between 16 bands", (long long) jumps);
  last = &m.tracks[m.ntracks - 1];
  CHECK (last->cyl > 0.9 * 89999 && last->cyl < 90000, "banded last cylinder %d", last->cyl);
  disk_model_free (&m);

  struct disk_params half = params ();
  half.stroke = 0.5;
  make (&m, half, 1LL << 30);
  last = &m.tracks[m.ntracks - 1];
  CHECK (last->cyl > 0.48 * 89999 && last->cyl < 0.5 * 89999, "half stroke ends at %d", last->cyl);
  disk_model_free (&m);

  char err[MODEL_ERR_LEN];
  struct disk_params tiny = params ();
  tiny.cylinders = 100;
  CHECK (disk_model_init (&m, &tiny, 1LL << 30, err, sizeof err) != 0
         && strstr (err, "larger than the drive") != NULL, "%s", err);
}

static void
test_rotation_from_clock (void)
{
  current = "rotation from the clock";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t period = 8333333;
  CHECK (disk_angle_at (&m, 0) == 0, "%g", disk_angle_at (&m, 0));
  CHECK (fabs (disk_angle_at (&m, 1000 * period + period / 4) - 0.25) < 1e-6, "%g",
         disk_angle_at (&m, 1000 * period + period / 4));
  /* Sector 0 of track 0 lies at angle 0 and the head starts there: a read arriving just after
   * it passed waits almost a turn, one arriving a quarter turn before waits a quarter. */
  int64_t t0 = 1000 * period;
  int64_t late = disk_read (&m, t0 + 1 * MS, 0, 512) - (t0 + 1 * MS);
  disk_model_free (&m);
  make (&m, params (), 1LL << 30);
  int64_t t1 = 1000 * period - period / 4 - (int64_t) (0.2 * MS);
  int64_t early = disk_read (&m, t1, 0, 512) - t1;
  double sector = (double) period / m.tracks[0].spt;
  CHECK (llabs (late - (period - 1 * MS + (int64_t) sector)) < 2000, "late %lld", (long long) late);
  CHECK (llabs (early - (int64_t) (0.2 * MS + period / 4 + sector)) < 2000, "early %lld",
         (long long) early);
  disk_model_free (&m);
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t
next_random (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static void
test_random_reads_see_average_seek (void)
{
  current = "random reads see the average seek and half a turn";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t t = 0;
  double sum = 0;
  int n = 2000;
  for (int i = 0; i < n; i++) {
    int64_t off = (int64_t) (next_random () % ((1LL << 30) / 8192)) * 8192;
    t += 3 * MS + (int64_t) (next_random () % 1000);
    int64_t done = disk_read (&m, t, off, 8192);
    sum += (double) (done - t);
    t = done;
  }
  double mean = sum / n / 1e6;
  /* 0.2 overhead + 8 average seek (less over the concave curve's mean) + 4.17 half a turn. */
  CHECK (mean > 0.7 * 8 + 4.17 && mean < 0.2 + 8 + 4.17 + 0.5, "mean %.2f ms", mean);
  CHECK (m.c.seeks > (uint64_t) (0.95 * n), "seeks %llu", (unsigned long long) m.c.seeks);
  disk_model_free (&m);
}

static void
test_sequential_reads_stream (void)
{
  current = "sequential reads stream at the media rate";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t t = 5 * MS, begin = t;
  int64_t len = 128 * 1024, total = 0;
  for (int i = 0; i < 512; i++) {
    t = disk_read (&m, t + 50000, (int64_t) i * len, len);
    total += len;
  }
  double mbs = (double) total / ((double) (t - begin) / 1e9) / 1e6;
  /* The outer tracks' 150 MB/s, less the head switches and one short seek per cylinder. */
  CHECK (mbs > 0.9 * 150 && mbs <= 150, "%.1f MB/s", mbs);
  CHECK (m.c.track_buffer_hits >= 510, "hits %llu", (unsigned long long) m.c.track_buffer_hits);
  disk_model_free (&m);
}

static void
test_read_ahead_hit_costs_interface_only (void)
{
  current = "a read-ahead hit costs only the interface transfer";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t t = disk_read (&m, 3 * MS, 1 << 20, 8192);
  int64_t later = t + 20 * MS;  /* long enough for 1 MiB to be read ahead */
  int64_t cost = disk_read (&m, later, (1 << 20) + 65536, 8192) - later;
  int64_t expected = (int64_t) (0.2 * MS) + llround (8192 * 1e3 / 600);
  CHECK (cost == expected, "%lld != %lld", (long long) cost, (long long) expected);
  CHECK (m.c.track_buffer_hits == 1, "hits %llu", (unsigned long long) m.c.track_buffer_hits);
  /* Beyond the read-ahead: a miss, which pays positioning again. */
  int64_t far = later + 20 * MS;
  int64_t miss = disk_read (&m, far, 500 << 20, 8192) - far;
  CHECK (miss > 1 * MS, "miss %lld", (long long) miss);
  CHECK (m.c.track_buffer_hits == 1, "hits %llu", (unsigned long long) m.c.track_buffer_hits);
  /* A write over buffered sectors drops them. */
  disk_read (&m, far + 30 * MS, 4 << 20, 8192);
  disk_write (&m, far + 60 * MS, (4 << 20) + 16384, 4096, 0);
  int64_t after = far + 90 * MS;
  CHECK (disk_read (&m, after, (4 << 20) + 32768, 8192) - after > 1 * MS, "stale buffer hit");
  disk_model_free (&m);
}

static void
test_log_sync_costs_one_revolution (void)
{
  current = "sequential 8 KiB write + flush costs about one revolution";
  int64_t period = 8333333;
  for (int cache = 1; cache >= 0; cache--) {
    struct disk_params p = params ();
    p.write_cache = cache;
    struct disk_model m;
    make (&m, p, 1LL << 30);
    int64_t t = 7 * MS, off = 64 << 20;
    double sum = 0;
    int n = 50;
    for (int i = 0; i < n + 1; i++) {
      int64_t arrive = t + 100000;  /* the host's own time between syncs */
      int64_t w = disk_write (&m, arrive, off, 8192, 0);
      int64_t f = disk_flush (&m, w + 20000);
      if (i > 0)
        sum += (double) (f - t);
      off += 8192;
      t = f;
    }
    double cycle = sum / n;
    /* From one sync's end to the next: the sectors come round after one turn (the transfer of
     * 16 sectors on top). */
    CHECK (fabs (cycle - period) < 0.03 * period, "cache %d: %.3f ms", cache, cycle / 1e6);
    CHECK (m.dirty_bytes == 0, "cache %d: %lld dirty", cache, (long long) m.dirty_bytes);
    if (cache)
      CHECK (m.c.drains == (uint64_t) n + 1, "drains %llu", (unsigned long long) m.c.drains);
    disk_model_free (&m);
  }
}

static void
test_write_cache (void)
{
  current = "write cache: interface speed, drain at flush and FUA, full cache";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t t = 3 * MS;
  int64_t cost = disk_write (&m, t, 100 << 20, 65536, 0) - t;
  CHECK (cost == (int64_t) (0.2 * MS) + llround (65536 * 1e3 / 600), "cached write %lld",
         (long long) cost);
  CHECK (m.dirty_bytes == 65536 && m.ndirty == 1, "%lld", (long long) m.dirty_bytes);
  /* Overlapping and touching writes merge; bytes already dirty are not counted twice. */
  t += 1 * MS;
  disk_write (&m, t, (100 << 20) + 32768, 65536, 0);
  disk_write (&m, t + MS, (100 << 20) - 4096, 4096, 0);
  CHECK (m.dirty_bytes == 65536 + 32768 + 4096 && m.ndirty == 1, "%lld in %zu",
         (long long) m.dirty_bytes, m.ndirty);
  disk_write (&m, t + 2 * MS, 300 << 20, 4096, 0);
  CHECK (m.ndirty == 2, "%zu", m.ndirty);
  int64_t f0 = t + 3 * MS;
  int64_t flush = disk_flush (&m, f0) - f0;
  CHECK (flush > 1 * MS && m.dirty_bytes == 0 && m.ndirty == 0, "flush %lld", (long long) flush);
  /* A flush with nothing dirty costs the command overhead. */
  int64_t f1 = f0 + 50 * MS;
  CHECK (disk_flush (&m, f1) - f1 == (int64_t) (0.2 * MS), "empty flush");
  /* FUA drains too. */
  int64_t w0 = f1 + 10 * MS;
  int64_t fua = disk_write (&m, w0, 400 << 20, 4096, 1) - w0;
  CHECK (fua > 1 * MS && m.dirty_bytes == 0, "fua %lld", (long long) fua);
  /* Filling the 4 MiB cache with scattered writes: the write that does not fit drains it. */
  int64_t s = w0 + 50 * MS;
  for (int i = 0; i < 80; i++)
    s = disk_write (&m, s + 10000, (int64_t) (next_random () % 16000) * 65536, 65536, 0);
  CHECK (m.c.cache_full_drains >= 1 && m.dirty_bytes <= 4 << 20, "full drains %llu, %lld dirty",
         (unsigned long long) m.c.cache_full_drains, (long long) m.dirty_bytes);
  disk_model_free (&m);

  struct disk_params off = params ();
  off.write_cache = 0;
  make (&m, off, 1LL << 30);
  int64_t w = 5 * MS;
  CHECK (disk_write (&m, w, 200 << 20, 8192, 0) - w > 1 * MS && m.dirty_bytes == 0,
         "write through");
  disk_model_free (&m);
}

static void
test_drain_elevator_order (void)
{
  current = "a drain writes in elevator order from the head";
  /* The same three extents written in two orders drain in the same time: the order is the
   * drive's, not the host's. */
  int64_t offs[3] = { 700LL << 20, 100LL << 20, 400LL << 20 };
  int64_t cost[2];
  for (int run = 0; run < 2; run++) {
    struct disk_model m;
    make (&m, params (), 1LL << 30);
    disk_read (&m, 1 * MS, 300LL << 20, 4096);   /* head between the extents */
    int64_t t = 40 * MS;
    for (int i = 0; i < 3; i++)
      t = disk_write (&m, t + 1000, offs[run == 0 ? i : 2 - i], 4096, 0);
    int64_t f = t + 1000;
    cost[run] = disk_flush (&m, f) - f;
    CHECK (m.c.seeks == 1 + 3, "seeks %llu", (unsigned long long) m.c.seeks);
    /* Ascending from the head at 300 MiB: 400, 700, then 100: the head ends after 100 MiB. */
    CHECK (m.head_off == (100LL << 20) + 4096, "head at %lld", (long long) m.head_off);
    disk_model_free (&m);
  }
  CHECK (cost[0] == cost[1], "%lld != %lld", (long long) cost[0], (long long) cost[1]);
}

static void
test_one_request_at_a_time (void)
{
  current = "one request at a time";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  int64_t t = 3 * MS;
  int64_t a = disk_read (&m, t, 10 << 20, 8192);
  int64_t b = disk_read (&m, t, 800 << 20, 8192);   /* arrives while the first is served */
  CHECK (a > t && b > a + (int64_t) (0.2 * MS) + 1 * MS, "a %lld b %lld", (long long) (a - t),
         (long long) (b - t));
  CHECK (m.busy_until == b, "busy until");
  CHECK (m.c.busy_ns == b - t, "busy %lld", (long long) m.c.busy_ns);
  disk_model_free (&m);
}

static int
load (const char *path, struct disk_params *out, char *err)
{
  static struct model_profile p;
  if (model_profile_load (path, &p, err, MODEL_ERR_LEN) != 0)
    return -1;
  return disk_params_from_profile (&p, out, err, MODEL_ERR_LEN);
}

static void
write_profile (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  fputs (text, f);
  fclose (f);
}

static void
test_profiles (const char *dir)
{
  current = "profiles";
  char err[MODEL_ERR_LEN];
  const char *names[] = { "disk-7200.profile", "disk-15k.profile" };
  for (int i = 0; i < 2; i++) {
    char path[4096];
    snprintf (path, sizeof path, "%s/%s", dir, names[i]);
    struct disk_params p;
    struct model_profile prof;
    CHECK (load (path, &p, err) == 0, "%s", err);
    if (model_profile_load (path, &prof, err, sizeof err) != 0)
      continue;
    /* The data-sheet figures beside the model's keys agree with them. */
    double sync = atof (model_profile_get (&prof, "datasheet.fdatasync_ms"));
    double rnd = atof (model_profile_get (&prof, "datasheet.random_read_ms"));
    double seq = atof (model_profile_get (&prof, "datasheet.seq_read_mbs"));
    CHECK (fabs (sync - 60000 / p.rpm) < 0.01, "%s: fdatasync %g", names[i], sync);
    CHECK (fabs (rnd - (p.seek_avg_ms + 30000 / p.rpm)) < 0.05, "%s: random read %g", names[i],
           rnd);
    CHECK (seq == p.media_od_mbs, "%s: seq %g", names[i], seq);
  }

  char tmp[] = "/tmp/test_disk_model.XXXXXX";
  int fd = mkstemp (tmp);
  close (fd);
  char good[2048];
  snprintf (good, sizeof good,
            "name = t\nrpm = 7200\ncylinders = 1000\nheads = 2\nmedia_od_mbs = 100\n"
            "media_id_mbs = 50\nseek_track_ms = 1\nseek_avg_ms = 8\nseek_full_ms = 15\n"
            "head_switch_ms = 1\noverhead_ms = 0.1\ninterface_mbs = 300\nread_ahead_kb = 256\n"
            "write_cache = 0\n");
  struct disk_params p;
  write_profile (tmp, good);
  CHECK (load (tmp, &p, err) == 0 && p.stroke == 1.0 && p.write_cache_mb == 0, "%s", err);

  char bad[2200];
  snprintf (bad, sizeof bad, "%sspindle = 1\n", good);
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "unknown key 'spindle'") != NULL
         && strstr (err, "seek_avg_ms") != NULL, "%s", err);

  snprintf (bad, sizeof bad, "%s", good);
  *strstr (bad, "rpm = 7200\n") = '#';
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "'rpm' is missing") != NULL, "%s", err);

  snprintf (bad, sizeof bad, "%sstroke = 2\n", good);
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "stroke = '2' is not a number from 0.001 to 1")
         != NULL, "%s", err);

  snprintf (bad, sizeof bad, "%s", good);
  memcpy (strstr (bad, "write_cache = 0"), "write_cache = 1", 15);
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "'write_cache_mb' is missing") != NULL, "%s",
         err);

  snprintf (bad, sizeof bad, "%s", good);
  memcpy (strstr (bad, "media_od_mbs = 100"), "media_od_mbs = 040", 18);
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "must not exceed media_od_mbs") != NULL, "%s", err);

  snprintf (bad, sizeof bad, "%s", good);
  memcpy (strstr (bad, "seek_full_ms = 15"), "seek_full_ms = 5\n", 17);
  write_profile (tmp, bad);
  CHECK (load (tmp, &p, err) != 0 && strstr (err, "must grow with distance") != NULL, "%s", err);
  unlink (tmp);
}

static void
test_state_text (void)
{
  current = "state text";
  struct disk_model m;
  make (&m, params (), 1LL << 30);
  disk_write (&m, 1 * MS, 0, 4096, 0);
  char buf[4096];
  CHECK (disk_model_format_state (&m, "disk-7200", buf, sizeof buf) == 0, "format");
  CHECK (strncmp (buf, "model = disk\nprofile = disk-7200\n", 33) == 0, "%s", buf);
  CHECK (strstr (buf, "\nwrites = 1\n") != NULL && strstr (buf, "\ncache_dirty_bytes = 4096\n")
         != NULL, "%s", buf);
  disk_model_free (&m);
}

int
main (int argc, char **argv)
{
  test_seek_curve ();
  test_zones_and_layout ();
  test_rotation_from_clock ();
  test_random_reads_see_average_seek ();
  test_sequential_reads_stream ();
  test_read_ahead_hit_costs_interface_only ();
  test_log_sync_costs_one_revolution ();
  test_write_cache ();
  test_drain_elevator_order ();
  test_one_request_at_a_time ();
  test_profiles (argc > 1 ? argv[1] : "profiles");
  test_state_text ();
  printf (failures ? "%d check(s) failed\n" : "all disk model checks passed\n", failures);
  return failures ? 1 : 0;
}
