/* See disk_model.h. The choices, and why:
 *
 * Layout. The drive's tracks are zoned: a track holds as many sectors as the media rate allows in
 * one revolution, the rate falling linearly from the outer diameter (cylinder 0, where LBA 0 is)
 * to the inner one, as the radius does. The backing image is far smaller than the drive, so it is
 * spread over `stroke` of the full stroke: it is cut into bands of `band_mb` MiB, each band placed
 * at the cylinder its share of the image points to, and within a band into cylinders of `heads`
 * consecutive tracks on adjacent cylinders (consecutive sectors stay consecutive on a track, then
 * on the next head, then on the next cylinder). Random requests within a small image so travel as
 * far as on the whole drive and see the data sheet's average seek, while a sequential run pays
 * head switches, a track-to-track seek every `heads` tracks and a long seek once per band, as a
 * drive's sequential transfer does. band_mb = 0 places every cylinder on its own.
 *
 * Skew. Each track's first sector lies as far round from the previous track's end as the switch
 * to it takes, as drives format them, so a sequential run does not wait a turn at each boundary.
 *
 * Seek. t(d) = settle + a * sqrt(d) up to the average point d = cylinders / 3 (the arm accelerates
 * and decelerates over short distances), through the track-to-track figure at d = 1 and the
 * average figure at cylinders / 3; linear from there to the full-stroke figure (the arm coasts at
 * its top speed). The data sheet's average is a weighted mean over all seek distances; taking it
 * at a third of the stroke, the mean distance, makes the modelled mean a little lower than the
 * figure, since the curve is concave.
 *
 * Rotation. The angle under the heads is the clock: (now mod period) / period, so the cost of a
 * request depends on when it arrives, and a write that follows the previous one on the same track
 * after a short pause waits almost a whole turn.
 *
 * Track buffer. After a read that missed, the drive reads on from where the request ended, up to
 * read_ahead_kb beyond it, as time passes; a request that starts within what the buffer holds or
 * is being read into it is served from there: it waits only for the stream to reach its end, or,
 * when that was read already, for the command overhead and the interface transfer. Each such hit
 * moves the read-ahead limit on, so sequential reads stream at the media rate. The buffer holds
 * the last read request and the read-ahead beyond it. A request elsewhere stops the stream where
 * it is.
 *
 * Write cache. With write_cache = 1 a write completes after the command overhead and the
 * interface transfer into a volatile cache; a flush, a FUA write or a write that would overfill the
 * cache drains every dirty extent, in elevator order (ascending from the head, then from the
 * lowest): a seek, the rotational wait and the media transfer each. The cache is not drained in
 * the background while the drive is idle, so a flush costs what its dirty extents cost on the
 * media, which is what a database's commit waits for. A write larger than the cache goes to the
 * media. With write_cache = 0 every write goes to the media before it completes. */
#include "disk_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const allowed_keys[] = {
  "name", "description",
  "rpm", "cylinders", "heads", "media_od_mbs", "media_id_mbs",
  "seek_track_ms", "seek_avg_ms", "seek_full_ms", "head_switch_ms", "overhead_ms",
  "interface_mbs", "read_ahead_kb", "write_cache", "write_cache_mb", "stroke", "band_mb",
  "datasheet.seq_read_mbs", "datasheet.random_read_ms", "datasheet.fdatasync_ms",
  "datasheet.random_write_ms",
  NULL
};

/* A rotational wait this close to a whole turn is a skewed boundary met exactly, off by the
 * rounding of nanoseconds. */
#define ALIGN_SLACK_NS 1000.0

int
disk_params_from_profile (const struct model_profile *p, struct disk_params *o, char *err,
                          size_t errlen)
{
  if (model_profile_check_keys (p, allowed_keys, err, errlen) != 0)
    return -1;
  if (model_profile_get (p, "name") == NULL) {
    snprintf (err, errlen, "%s: key 'name' is missing (the profile's name)", p->path);
    return -1;
  }
  struct { const char *key; double min, max; double *out; } req[] = {
    { "rpm", 3600, 20000, &o->rpm },
    { "cylinders", 100, 2e6, &o->cylinders },
    { "heads", 1, 32, &o->heads },
    { "media_od_mbs", 1, 2000, &o->media_od_mbs },
    { "media_id_mbs", 1, 2000, &o->media_id_mbs },
    { "seek_track_ms", 0.01, 10, &o->seek_track_ms },
    { "seek_avg_ms", 0.05, 50, &o->seek_avg_ms },
    { "seek_full_ms", 0.05, 100, &o->seek_full_ms },
    { "head_switch_ms", 0, 10, &o->head_switch_ms },
    { "overhead_ms", 0, 10, &o->overhead_ms },
    { "interface_mbs", 1, 100000, &o->interface_mbs },
    { "read_ahead_kb", 0, 65536, &o->read_ahead_kb },
    { "write_cache", 0, 1, &o->write_cache },
  };
  for (size_t i = 0; i < sizeof req / sizeof req[0]; i++)
    if (model_profile_number (p, req[i].key, req[i].min, req[i].max, req[i].out, err,
                              errlen) != 0)
      return -1;
  if (o->write_cache != 0 && o->write_cache != 1) {
    snprintf (err, errlen, "%s: write_cache = '%s' must be 1 (volatile write cache) or 0",
              p->path, model_profile_get (p, "write_cache"));
    return -1;
  }
  if (o->write_cache == 1) {
    if (model_profile_number (p, "write_cache_mb", 1, 4096, &o->write_cache_mb, err, errlen) != 0)
      return -1;
  }
  else if (model_profile_number_or (p, "write_cache_mb", 0, 4096, 0, &o->write_cache_mb, err,
                                    errlen) != 0)
    return -1;
  if (model_profile_number_or (p, "stroke", 0.001, 1, 1.0, &o->stroke, err, errlen) != 0)
    return -1;
  if (model_profile_number_or (p, "band_mb", 0, 1e6, 64, &o->band_mb, err, errlen) != 0)
    return -1;
  static const char *const sheet[] = { "datasheet.seq_read_mbs", "datasheet.random_read_ms",
                                       "datasheet.fdatasync_ms", "datasheet.random_write_ms" };
  for (size_t i = 0; i < sizeof sheet / sizeof sheet[0]; i++) {
    double ignored;
    if (model_profile_number_or (p, sheet[i], 0, 1e6, 0, &ignored, err, errlen) != 0)
      return -1;
  }
  if (o->media_id_mbs > o->media_od_mbs) {
    snprintf (err, errlen, "%s: media_id_mbs = %g must not exceed media_od_mbs = %g (the inner "
              "tracks are the shorter ones)", p->path, o->media_id_mbs, o->media_od_mbs);
    return -1;
  }
  if (!(o->seek_track_ms <= o->seek_avg_ms && o->seek_avg_ms <= o->seek_full_ms)) {
    snprintf (err, errlen, "%s: the seek figures must grow with distance: seek_track_ms = %g, "
              "seek_avg_ms = %g, seek_full_ms = %g", p->path, o->seek_track_ms, o->seek_avg_ms,
              o->seek_full_ms);
    return -1;
  }
  if (o->heads != floor (o->heads) || o->cylinders != floor (o->cylinders)) {
    snprintf (err, errlen, "%s: heads = %g and cylinders = %g must be whole numbers", p->path,
              o->heads, o->cylinders);
    return -1;
  }
  return 0;
}

static int64_t
period_int (const struct disk_model *m)
{
  return (int64_t) m->period_ns;
}

double
disk_seek_ns (const struct disk_model *m, double d)
{
  const struct disk_params *p = &m->p;
  if (d <= 0)
    return 0;
  if (d < 1)
    d = 1;
  double d_avg = p->cylinders / 3.0;
  double d_full = p->cylinders - 1;
  double ms;
  if (d <= d_avg)
    ms = p->seek_track_ms + (p->seek_avg_ms - p->seek_track_ms) * (sqrt (d) - 1) / (sqrt (d_avg) - 1);
  else
    ms = p->seek_avg_ms + (p->seek_full_ms - p->seek_avg_ms) * (d - d_avg) / (d_full - d_avg);
  return ms * 1e6;
}

int32_t
disk_spt_at (const struct disk_model *m, double cyl)
{
  const struct disk_params *p = &m->p;
  double f = cyl / (p->cylinders - 1);
  double rate = p->media_od_mbs + (p->media_id_mbs - p->media_od_mbs) * f;
  int32_t spt = (int32_t) floor (rate * 1e6 * (m->period_ns / 1e9) / DISK_SECTOR);
  return spt < 1 ? 1 : spt;
}

double
disk_angle_at (const struct disk_model *m, int64_t t)
{
  int64_t period = period_int (m);
  int64_t r = t % period;
  if (r < 0)
    r += period;
  return (double) r / (double) period;
}

static double
frac (double x)
{
  return x - floor (x);
}

int
disk_model_init (struct disk_model *m, const struct disk_params *p, int64_t size, char *err,
                 size_t errlen)
{
  memset (m, 0, sizeof *m);
  m->p = *p;
  m->size = size;
  m->period_ns = (double) llround (60e9 / p->rpm);
  if (size <= 0) {
    snprintf (err, errlen, "the backing image is empty; a disk needs at least one sector");
    return -1;
  }
  int heads = (int) p->heads;
  size_t cap = 1024;
  m->tracks = malloc (cap * sizeof *m->tracks);
  if (m->tracks == NULL) {
    snprintf (err, errlen, "out of memory for the track table");
    return -1;
  }
  int64_t off = 0, k = 0;
  int32_t cyl = -1;
  int on_cyl = heads;
  int64_t band_bytes = (int64_t) (p->band_mb * 1048576.0);
  while (off < size) {
    if (on_cyl == heads) {
      int64_t placed = band_bytes > 0 ? off / band_bytes * band_bytes : off;
      int32_t want = (int32_t) floor (p->stroke * (p->cylinders - 1) * (double) placed / (double) size);
      cyl = want > cyl ? want : cyl + 1;
      on_cyl = 0;
      if (cyl >= (int32_t) p->cylinders) {
        snprintf (err, errlen, "the backing image (%lld bytes) is larger than the drive holds "
                  "over stroke = %g of its %g cylinders", (long long) size, p->stroke,
                  p->cylinders);
        free (m->tracks);
        m->tracks = NULL;
        return -1;
      }
    }
    if ((size_t) k == cap) {
      cap *= 2;
      struct disk_track *t = realloc (m->tracks, cap * sizeof *t);
      if (t == NULL) {
        snprintf (err, errlen, "out of memory for the track table");
        free (m->tracks);
        m->tracks = NULL;
        return -1;
      }
      m->tracks = t;
    }
    struct disk_track *t = &m->tracks[k];
    t->start = off;
    t->cyl = cyl;
    t->spt = disk_spt_at (m, cyl);
    if (k == 0)
      t->origin = 0;
    else {
      const struct disk_track *prev = &m->tracks[k - 1];
      double sw = prev->cyl == cyl ? p->head_switch_ms * 1e6 : disk_seek_ns (m, cyl - prev->cyl);
      t->origin = frac (prev->origin + sw / m->period_ns);
    }
    off += (int64_t) t->spt * DISK_SECTOR;
    on_cyl++;
    k++;
  }
  m->ntracks = k;
  return 0;
}

void
disk_model_free (struct disk_model *m)
{
  free (m->tracks);
  free (m->dirty);
  m->tracks = NULL;
  m->dirty = NULL;
}

int64_t
disk_track_of (const struct disk_model *m, int64_t off)
{
  int64_t lo = 0, hi = m->ntracks - 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (m->tracks[mid].start <= off)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

/* Moves the head from track *head to the sector at off and waits for it to come round: the time
 * it is under the head. */
static int64_t
position (const struct disk_model *m, int64_t *head, int64_t t, int64_t off, uint64_t *seeks)
{
  int64_t k = disk_track_of (m, off);
  const struct disk_track *to = &m->tracks[k];
  if (k != *head) {
    const struct disk_track *from = &m->tracks[*head];
    if (from->cyl != to->cyl) {
      t += llround (disk_seek_ns (m, fabs ((double) to->cyl - from->cyl)));
      if (seeks != NULL)
        (*seeks)++;
    }
    else
      t += llround (m->p.head_switch_ms * 1e6);
    *head = k;
  }
  int64_t sector = (off - to->start) / DISK_SECTOR;
  double target = frac (to->origin + (double) sector / to->spt);
  double wait = frac (target - disk_angle_at (m, t)) * m->period_ns;
  if (wait > m->period_ns - ALIGN_SLACK_NS)
    wait = 0;
  return t + llround (wait);
}

/* Reads or writes [off, off + len) on the media from time t, the head on track *head; returns
 * when the last sector has passed under the head. */
static int64_t
media_run (const struct disk_model *m, int64_t *head, int64_t t, int64_t off, int64_t len,
           uint64_t *seeks)
{
  int64_t pos = off / DISK_SECTOR * DISK_SECTOR;
  int64_t end = off + len;
  if (end > m->size)
    end = m->size;
  while (pos < end) {
    t = position (m, head, t, pos, seeks);
    const struct disk_track *tr = &m->tracks[*head];
    int64_t track_end = tr->start + (int64_t) tr->spt * DISK_SECTOR;
    int64_t stop = end < track_end ? end : track_end;
    int64_t sectors = (stop - pos + DISK_SECTOR - 1) / DISK_SECTOR;
    t += llround ((double) sectors * m->period_ns / tr->spt);
    pos += sectors * DISK_SECTOR;
  }
  return t;
}

static int64_t
interface_ns (const struct disk_model *m, int64_t bytes)
{
  return llround ((double) bytes * 1e3 / m->p.interface_mbs);
}

static int64_t
overhead_ns (const struct disk_model *m)
{
  return llround (m->p.overhead_ms * 1e6);
}

static int64_t
read_ahead_bytes (const struct disk_model *m)
{
  return (int64_t) (m->p.read_ahead_kb * 1024);
}

/* When the read-ahead stream has read up to x (x beyond its origin); *head_out the head's track
 * then. */
static int64_t
stream_time (const struct disk_model *m, int64_t head0, int64_t x, int64_t *head_out)
{
  int64_t h = head0;
  int64_t t = x > m->stream_off ? media_run (m, &h, m->stream_t, m->stream_off, x - m->stream_off,
                                             NULL)
                                : m->stream_t;
  if (head_out != NULL)
    *head_out = h;
  return t;
}

/* Stops the read-ahead at time now: the head stays on the track it has reached and the buffer
 * holds what was read. */
static void
settle (struct disk_model *m, int64_t now)
{
  if (!m->stream_on)
    return;
  int64_t h = m->stream_head_track;
  int64_t t = m->stream_t;
  int64_t pos = m->stream_off;
  while (pos < m->ra_limit) {
    const struct disk_track *tr = &m->tracks[disk_track_of (m, pos)];
    int64_t track_end = tr->start + (int64_t) tr->spt * DISK_SECTOR;
    int64_t stop = m->ra_limit < track_end ? m->ra_limit : track_end;
    int64_t h2 = h;
    int64_t t2 = media_run (m, &h2, t, pos, stop - pos, NULL);
    if (t2 > now) {
      h = disk_track_of (m, pos);
      break;
    }
    h = h2;
    t = t2;
    pos = stop;
  }
  m->head_track = h;
  m->head_off = pos;
  m->ra_limit = pos;
  m->stream_on = 0;
}

static void
start_stream (struct disk_model *m, int64_t off, int64_t t, int64_t head, int64_t limit)
{
  int64_t ra = read_ahead_bytes (m);
  if (limit > m->size)
    limit = m->size;
  m->stream_on = ra > 0 && off < limit;
  m->stream_off = off;
  m->stream_t = t;
  m->stream_head_track = head;
  m->ra_limit = m->stream_on ? limit : off;
}

static int64_t
begin (struct disk_model *m, int64_t now)
{
  m->c.requests++;
  return now > m->busy_until ? now : m->busy_until;
}

static int64_t
finish (struct disk_model *m, int64_t start, int64_t done)
{
  m->c.busy_ns += done - start;
  m->busy_until = done;
  return done;
}

int64_t
disk_read (struct disk_model *m, int64_t now, int64_t off, int64_t len)
{
  int64_t start = begin (m, now);
  m->c.reads++;
  m->c.bytes_read += (uint64_t) len;
  int64_t end = off + len;
  int64_t ra = read_ahead_bytes (m);
  int64_t done;
  if (m->buf_valid && off >= m->buf_lo && off <= m->ra_limit && (m->stream_on || end <= m->ra_limit)) {
    m->c.track_buffer_hits++;
    if (m->stream_on && stream_time (m, m->stream_head_track, m->ra_limit, NULL) <= start
        && m->ra_limit < m->size) {
      /* The read-ahead had stopped at its limit; the drive reads on from there, which first
       * waits for that sector to come round again. */
      int64_t h;
      stream_time (m, m->stream_head_track, m->ra_limit, &h);
      int64_t t = position (m, &h, start + overhead_ns (m), m->ra_limit, NULL);
      start_stream (m, m->ra_limit, t, h, (end > m->ra_limit ? end : m->ra_limit) + ra);
    }
    int64_t quick = start + overhead_ns (m) + interface_ns (m, len);
    if (m->stream_on && end > m->stream_off) {
      int64_t h;
      int64_t ready = stream_time (m, m->stream_head_track, end, &h);
      done = ready + interface_ns (m, DISK_SECTOR) > quick ? ready + interface_ns (m, DISK_SECTOR)
                                                          : quick;
      int64_t limit = end + ra > m->ra_limit ? end + ra : m->ra_limit;
      start_stream (m, end, ready, h, limit);
    }
    else
      done = quick;
    m->buf_lo = off;
  }
  else {
    settle (m, start);
    done = media_run (m, &m->head_track, start + overhead_ns (m), off, len, &m->c.seeks);
    m->head_off = end;
    m->buf_valid = 1;
    m->buf_lo = off;
    start_stream (m, end, done, m->head_track, end + ra);
  }
  return finish (m, start, done);
}

/* Drains every dirty extent from time t in elevator order; returns when the last is written. */
static int64_t
drain (struct disk_model *m, int64_t t)
{
  if (m->ndirty == 0)
    return t;
  settle (m, t);
  size_t first = 0;
  while (first < m->ndirty && m->dirty[first].start < m->head_off)
    first++;
  for (size_t n = 0; n < m->ndirty; n++) {
    const struct disk_extent *e = &m->dirty[(first + n) % m->ndirty];
    t = media_run (m, &m->head_track, t, e->start, e->end - e->start, &m->c.seeks);
    m->head_off = e->end;
  }
  m->ndirty = 0;
  m->dirty_bytes = 0;
  m->c.drains++;
  return t;
}

/* Adds [s, e) to the dirty extents, merging what overlaps or touches it. */
static int
add_dirty (struct disk_model *m, int64_t s, int64_t e)
{
  size_t i = 0;
  while (i < m->ndirty && m->dirty[i].end < s)
    i++;
  size_t j = i;
  int64_t ms = s, me = e, covered = 0;
  while (j < m->ndirty && m->dirty[j].start <= e) {
    int64_t os = m->dirty[j].start > s ? m->dirty[j].start : s;
    int64_t oe = m->dirty[j].end < e ? m->dirty[j].end : e;
    if (oe > os)
      covered += oe - os;
    if (m->dirty[j].start < ms)
      ms = m->dirty[j].start;
    if (m->dirty[j].end > me)
      me = m->dirty[j].end;
    j++;
  }
  if (j == i) {
    if (m->ndirty == m->dirty_cap) {
      size_t cap = m->dirty_cap ? m->dirty_cap * 2 : 64;
      struct disk_extent *d = realloc (m->dirty, cap * sizeof *d);
      if (d == NULL)
        return -1;
      m->dirty = d;
      m->dirty_cap = cap;
    }
    memmove (&m->dirty[i + 1], &m->dirty[i], (m->ndirty - i) * sizeof *m->dirty);
    m->ndirty++;
  }
  else {
    memmove (&m->dirty[i + 1], &m->dirty[j], (m->ndirty - j) * sizeof *m->dirty);
    m->ndirty -= j - i - 1;
  }
  m->dirty[i].start = ms;
  m->dirty[i].end = me;
  m->dirty_bytes += (e - s) - covered;
  return 0;
}

int64_t
disk_write (struct disk_model *m, int64_t now, int64_t off, int64_t len, int fua)
{
  int64_t start = begin (m, now);
  m->c.writes++;
  if (fua)
    m->c.fua_writes++;
  m->c.bytes_written += (uint64_t) len;
  int64_t end = off + len;
  if (m->buf_valid && off < m->ra_limit && end > m->buf_lo) {
    settle (m, start);
    m->buf_valid = 0;
  }
  int64_t cache = (int64_t) (m->p.write_cache_mb * 1048576.0);
  int64_t done;
  if (m->p.write_cache == 1 && len <= cache) {
    int64_t t = start;
    if (m->dirty_bytes + len > cache) {
      m->c.cache_full_drains++;
      t = drain (m, t + overhead_ns (m));
    }
    if (add_dirty (m, off, end) != 0) /* no memory for the extent: write it through */
      done = media_run (m, &m->head_track, drain (m, t + overhead_ns (m)), off, len, &m->c.seeks);
    else {
      done = t + overhead_ns (m) + interface_ns (m, len);
      if (fua)
        done = drain (m, done);
    }
  }
  else {
    settle (m, start);
    done = media_run (m, &m->head_track, start + overhead_ns (m), off, len, &m->c.seeks);
    m->head_off = end;
  }
  return finish (m, start, done);
}

int64_t
disk_flush (struct disk_model *m, int64_t now)
{
  int64_t start = begin (m, now);
  m->c.flushes++;
  return finish (m, start, drain (m, start + overhead_ns (m)));
}

int
disk_model_format_state (const struct disk_model *m, const char *profile_name, char *buf,
                         size_t len)
{
  const struct disk_counters *c = &m->c;
  int n = snprintf (buf, len,
                    "model = disk\n"
                    "profile = %s\n"
                    "size_bytes = %lld\n"
                    "tracks = %lld\n"
                    "requests = %llu\n"
                    "reads = %llu\n"
                    "writes = %llu\n"
                    "fua_writes = %llu\n"
                    "flushes = %llu\n"
                    "bytes_read = %llu\n"
                    "bytes_written = %llu\n"
                    "seeks = %llu\n"
                    "track_buffer_hits = %llu\n"
                    "drains = %llu\n"
                    "cache_full_drains = %llu\n"
                    "cache_dirty_bytes = %lld\n"
                    "cache_dirty_extents = %zu\n"
                    "busy_ms = %.3f\n",
                    profile_name, (long long) m->size, (long long) m->ntracks,
                    (unsigned long long) c->requests, (unsigned long long) c->reads,
                    (unsigned long long) c->writes, (unsigned long long) c->fua_writes,
                    (unsigned long long) c->flushes, (unsigned long long) c->bytes_read,
                    (unsigned long long) c->bytes_written, (unsigned long long) c->seeks,
                    (unsigned long long) c->track_buffer_hits, (unsigned long long) c->drains,
                    (unsigned long long) c->cache_full_drains, (long long) m->dirty_bytes,
                    m->ndirty, (double) c->busy_ns / 1e6);
  return n < 0 || (size_t) n >= len ? -1 : 0;
}
