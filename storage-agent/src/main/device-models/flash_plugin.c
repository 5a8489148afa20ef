/* nbdkit plugin "cbflash": a backing file served at the speed of the flash SSD that
 * flash_model.c describes. Data really goes to and from the file; each request then sleeps
 * until the model says the drive would have completed it.
 *
 * Threads: NBDKIT_THREAD_MODEL_PARALLEL. The drive has one command queue (SATA NCQ or an NVMe
 * submission queue) and its parallelism comes from the model's dies, so the model's state is
 * kept under one mutex and a request holds it only to charge its time; the sleep happens
 * outside it, so queued requests overlap as they would inside a drive.
 *
 * Build: cc -O2 -Wall -shared -fPIC -o cbflash.so flash_plugin.c flash_model.c model_common.c -lm
 */
#define _GNU_SOURCE
#define NBDKIT_API_VERSION 2
#include <nbdkit-plugin.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flash_model.h"
#include "model_common.h"

#define THREAD_MODEL NBDKIT_THREAD_MODEL_PARALLEL

static char *file, *profile_path, *state_path;
static int fd = -1;
static uint64_t size;
static struct model_profile profile;
static struct flash_model *model;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t state_written_ns;

static int
cbflash_config (const char *key, const char *value)
{
  char **slot = strcmp (key, "file") == 0 ? &file
                : strcmp (key, "profile") == 0 ? &profile_path
                : strcmp (key, "state") == 0 ? &state_path : NULL;
  if (slot == NULL) {
    nbdkit_error ("cbflash: unknown parameter '%s'; allowed: file, profile, state", key);
    return -1;
  }
  free (*slot);
  if (slot != &state_path)
    *slot = nbdkit_realpath (value);
  else /* the state file need not exist yet; absolute, as nbdkit leaves the directory when it forks */
    *slot = nbdkit_absolute_path (value);
  return *slot == NULL ? -1 : 0;
}

static int
cbflash_config_complete (void)
{
  if (file == NULL || profile_path == NULL) {
    nbdkit_error ("cbflash: file=IMAGE and profile=PROFILE are required (state=PATH optional)");
    return -1;
  }
  char err[MODEL_ERR_LEN];
  struct flash_params p;
  if (model_profile_load (profile_path, &profile, err, sizeof err) < 0
      || flash_params_from_profile (&profile, &p, err, sizeof err) < 0) {
    nbdkit_error ("%s", err);
    return -1;
  }
  fd = open (file, O_RDWR | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) < 0) {
    nbdkit_error ("cbflash: cannot open the backing image %s: %m", file);
    return -1;
  }
  size = (uint64_t) st.st_size;
  model = flash_model_new (&p, size, err, sizeof err);
  if (model == NULL) {
    nbdkit_error ("%s", err);
    return -1;
  }
  return 0;
}

/* Writes the state file; with force=0 at most once a second. Called with the lock held. */
static void
write_state (int force)
{
  if (state_path == NULL || model == NULL)
    return;
  int64_t now = model_now_ns ();
  if (!force && now - state_written_ns < 1000000000)
    return;
  state_written_ns = now;
  const char *name = model_profile_get (&profile, "name");
  char text[2048];
  if (flash_state_text (model, name ? name : "", text, sizeof text) < 0
      || model_write_state (state_path, text) < 0)
    nbdkit_debug ("cbflash: cannot write the state file %s: %m", state_path);
}

static void
cbflash_unload (void)
{
  pthread_mutex_lock (&lock);
  write_state (1);
  pthread_mutex_unlock (&lock);
  flash_model_free (model);
  if (fd >= 0)
    close (fd);
  free (file);
  free (profile_path);
  free (state_path);
}

static void *
cbflash_open (int readonly)
{
  return NBDKIT_HANDLE_NOT_NEEDED;
}

static int64_t
cbflash_get_size (void *h)
{
  return (int64_t) size;
}

static int cbflash_can_flush (void *h) { return 1; }
static int cbflash_can_trim (void *h) { return 1; }
static int cbflash_can_zero (void *h) { return 1; }
static int cbflash_can_fua (void *h) { return NBDKIT_FUA_NATIVE; }

enum op { OP_READ, OP_WRITE, OP_TRIM, OP_FLUSH };

/* Charges one request to the model at the time it arrived and sleeps until it completes. */
static void
charge (enum op op, int64_t arrived, uint64_t offset, uint64_t len, int fua, int flush_state)
{
  pthread_mutex_lock (&lock);
  int64_t done;
  switch (op) {
  case OP_READ: done = flash_read (model, arrived, offset, len); break;
  case OP_WRITE: done = flash_write (model, arrived, offset, len, fua); break;
  case OP_TRIM: done = flash_trim (model, arrived, offset, len); break;
  default: done = flash_flush (model, arrived); break;
  }
  write_state (flush_state);
  pthread_mutex_unlock (&lock);
  model_sleep_until (done);
}

static int
cbflash_pread (void *h, void *buf, uint32_t count, uint64_t offset, uint32_t flags)
{
  int64_t arrived = model_now_ns ();
  if (model_read_full (fd, buf, count, offset) != 0) {
    nbdkit_error ("cbflash: pread: %m");
    return -1;
  }
  charge (OP_READ, arrived, offset, count, 0, 0);
  return 0;
}

static int
cbflash_pwrite (void *h, const void *buf, uint32_t count, uint64_t offset, uint32_t flags)
{
  int64_t arrived = model_now_ns ();
  if (model_write_full (fd, buf, count, offset) != 0) {
    nbdkit_error ("cbflash: pwrite: %m");
    return -1;
  }
  int fua = (flags & NBDKIT_FLAG_FUA) != 0;
  /* the backing file's own durability is not the drive's: only the model's time counts */
  charge (OP_WRITE, arrived, offset, count, fua, fua);
  return 0;
}

static int
cbflash_flush (void *h, uint32_t flags)
{
  charge (OP_FLUSH, model_now_ns (), 0, 0, 0, 1);
  return 0;
}

static int
cbflash_trim (void *h, uint32_t count, uint64_t offset, uint32_t flags)
{
  int64_t arrived = model_now_ns ();
  if (fallocate (fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t) offset, count) < 0) {
    nbdkit_error ("cbflash: cannot punch a hole in %s: %m", file);
    return -1;
  }
  charge (OP_TRIM, arrived, offset, count, 0, (flags & NBDKIT_FLAG_FUA) != 0);
  return 0;
}

static int
cbflash_zero (void *h, uint32_t count, uint64_t offset, uint32_t flags)
{
  if (flags & NBDKIT_FLAG_MAY_TRIM)
    return cbflash_trim (h, count, offset, flags);
  int64_t arrived = model_now_ns ();
  /* the drive writes zeros; the file may store them as a zeroed range */
  if (fallocate (fd, FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE, (off_t) offset, count) < 0) {
    static const char zeros[65536];
    for (uint32_t done = 0; done < count;) {
      uint32_t n = count - done < sizeof zeros ? count - done : (uint32_t) sizeof zeros;
      if (model_write_full (fd, zeros, n, offset + done) != 0) {
        nbdkit_error ("cbflash: pwrite: %m");
        return -1;
      }
      done += n;
    }
  }
  int fua = (flags & NBDKIT_FLAG_FUA) != 0;
  charge (OP_WRITE, arrived, offset, count, fua, fua);
  return 0;
}

static struct nbdkit_plugin plugin = {
  .name = "cbflash",
  .longname = "commitbench flash SSD model",
  .description = "A backing file at the speed of a modelled flash SSD (FTL, GC, write cache)",
  .config = cbflash_config,
  .config_complete = cbflash_config_complete,
  .config_help = "file=IMAGE profile=PROFILE [state=STATEFILE]",
  .unload = cbflash_unload,
  .open = cbflash_open,
  .get_size = cbflash_get_size,
  .can_flush = cbflash_can_flush,
  .can_trim = cbflash_can_trim,
  .can_zero = cbflash_can_zero,
  .can_fua = cbflash_can_fua,
  .pread = cbflash_pread,
  .pwrite = cbflash_pwrite,
  .flush = cbflash_flush,
  .trim = cbflash_trim,
  .zero = cbflash_zero,
  .errno_is_preserved = 1,
};

NBDKIT_REGISTER_PLUGIN (plugin)
