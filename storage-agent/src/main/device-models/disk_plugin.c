/* nbdkit plugin "cbdisk": a rotating disk over a backing image. The data goes to and from the
 * image with pread and pwrite; then the request waits until the disk model (disk_model.c) says a
 * drive of the profile would have completed it.
 *
 *   nbdkit ./cbdisk.so file=IMAGE profile=PROFILE [state=STATE]
 *
 * Built by the lab with
 *   cc -O2 -Wall -shared -fPIC -o cbdisk.so disk_plugin.c disk_model.c model_common.c -lm
 *
 * One request at a time (SERIALIZE_ALL_REQUESTS), as one actuator serves them, on every
 * connection. A flush does not fdatasync the image: the device's durability is the model's, and
 * syncing the host's file would add the host disk's latency to the modelled one. */
#define NBDKIT_API_VERSION 2
#include <nbdkit-plugin.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk_model.h"
#include "model_common.h"

#define THREAD_MODEL NBDKIT_THREAD_MODEL_SERIALIZE_ALL_REQUESTS

#define STATE_INTERVAL_NS 1000000000LL

static char *file_path;
static char *profile_path;
static char *state_path;
static int fd = -1;
static struct disk_model model;
static int model_ready;
static char profile_name[MODEL_VALUE_LEN];
static int64_t state_written_ns;
static int state_error_reported;

static void
cbdisk_unload (void)
{
  if (model_ready && state_path != NULL) {
    char text[4096];
    if (disk_model_format_state (&model, profile_name, text, sizeof text) == 0)
      model_write_state (state_path, text);
  }
  if (model_ready)
    disk_model_free (&model);
  if (fd >= 0)
    close (fd);
  free (file_path);
  free (profile_path);
  free (state_path);
}

static int
cbdisk_config (const char *key, const char *value)
{
  char **slot;
  if (strcmp (key, "file") == 0)
    slot = &file_path;
  else if (strcmp (key, "profile") == 0)
    slot = &profile_path;
  else if (strcmp (key, "state") == 0)
    slot = &state_path;
  else {
    nbdkit_error ("cbdisk: unknown parameter '%s'; allowed: file, profile, state", key);
    return -1;
  }
  if (*slot != NULL) {
    nbdkit_error ("cbdisk: parameter '%s' given twice", key);
    return -1;
  }
  /* The state file need not exist yet; the image and the profile must. */
  *slot = slot == &state_path ? nbdkit_absolute_path (value) : nbdkit_realpath (value);
  return *slot == NULL ? -1 : 0;
}

static int
cbdisk_config_complete (void)
{
  if (file_path == NULL || profile_path == NULL) {
    nbdkit_error ("cbdisk: file=IMAGE and profile=PROFILE are required (state=STATE optional)");
    return -1;
  }
  char err[MODEL_ERR_LEN];
  static struct model_profile profile;
  struct disk_params params;
  if (model_profile_load (profile_path, &profile, err, sizeof err) != 0
      || disk_params_from_profile (&profile, &params, err, sizeof err) != 0) {
    nbdkit_error ("cbdisk: %s", err);
    return -1;
  }
  snprintf (profile_name, sizeof profile_name, "%s", model_profile_get (&profile, "name"));
  fd = open (file_path, O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    nbdkit_error ("cbdisk: cannot open the backing image %s: %m", file_path);
    return -1;
  }
  struct stat st;
  if (fstat (fd, &st) != 0) {
    nbdkit_error ("cbdisk: cannot stat the backing image %s: %m", file_path);
    return -1;
  }
  if (!S_ISREG (st.st_mode)) {
    nbdkit_error ("cbdisk: the backing image %s must be a regular file", file_path);
    return -1;
  }
  if (disk_model_init (&model, &params, st.st_size, err, sizeof err) != 0) {
    nbdkit_error ("cbdisk: %s: %s", file_path, err);
    return -1;
  }
  model_ready = 1;
  return 0;
}

#define cbdisk_config_help \
  "file=IMAGE       (required) existing backing image; the device has its size\n" \
  "profile=PROFILE  (required) the disk's profile (key = value)\n" \
  "state=STATE      file the model's counters are written to"

static void
write_state (int force)
{
  if (state_path == NULL)
    return;
  int64_t now = model_now_ns ();
  if (!force && now - state_written_ns < STATE_INTERVAL_NS)
    return;
  state_written_ns = now;
  char text[4096];
  if (disk_model_format_state (&model, profile_name, text, sizeof text) != 0
      || model_write_state (state_path, text) != 0) {
    if (!state_error_reported)
      nbdkit_error ("cbdisk: cannot write the state file %s: %m", state_path);
    state_error_reported = 1;
  }
}

static void *
cbdisk_open (int readonly)
{
  return &model;
}

static int64_t
cbdisk_get_size (void *handle)
{
  return model.size;
}

static int
cbdisk_can_flush (void *handle)
{
  return 1;
}

static int
cbdisk_can_fua (void *handle)
{
  return NBDKIT_FUA_NATIVE;
}

static int
cbdisk_can_multi_conn (void *handle)
{
  return 0;
}

static int
cbdisk_is_rotational (void *handle)
{
  return 1;
}

static int
cbdisk_pread (void *handle, void *buf, uint32_t count, uint64_t offset, uint32_t flags)
{
  int64_t done = disk_read (&model, model_now_ns (), (int64_t) offset, count);
  if (model_read_full (fd, buf, count, offset) != 0) {
    nbdkit_error ("cbdisk: pread: %m");
    return -1;
  }
  model_sleep_until (done);
  write_state (0);
  return 0;
}

static int
cbdisk_pwrite (void *handle, const void *buf, uint32_t count, uint64_t offset, uint32_t flags)
{
  int64_t done = disk_write (&model, model_now_ns (), (int64_t) offset, count,
                             (flags & NBDKIT_FLAG_FUA) != 0);
  if (model_write_full (fd, buf, count, offset) != 0) {
    nbdkit_error ("cbdisk: pwrite: %m");
    return -1;
  }
  model_sleep_until (done);
  write_state (0);
  return 0;
}

static int
cbdisk_flush (void *handle, uint32_t flags)
{
  model_sleep_until (disk_flush (&model, model_now_ns ()));
  write_state (1);
  return 0;
}

static struct nbdkit_plugin plugin = {
  .name = "cbdisk",
  .longname = "commitbench rotating disk model",
  .version = "1",
  .description = "a rotating disk's seek, rotation, track buffer and write cache over a file",
  .unload = cbdisk_unload,
  .config = cbdisk_config,
  .config_complete = cbdisk_config_complete,
  .config_help = cbdisk_config_help,
  .magic_config_key = "file",
  .open = cbdisk_open,
  .get_size = cbdisk_get_size,
  .can_flush = cbdisk_can_flush,
  .can_fua = cbdisk_can_fua,
  .can_multi_conn = cbdisk_can_multi_conn,
  .is_rotational = cbdisk_is_rotational,
  .pread = cbdisk_pread,
  .pwrite = cbdisk_pwrite,
  .flush = cbdisk_flush,
};

NBDKIT_REGISTER_PLUGIN (plugin)
