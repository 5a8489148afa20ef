/* What both device models' nbdkit plugins share: their profile file (key = value lines, '#'
 * starts a comment, every figure with its source beside it), the clock the models charge time
 * against, and the state file that `storage lab status` and a run's environment read.
 *
 * The models themselves (disk_model.c, flash_model.c) are pure arithmetic on times in
 * nanoseconds, so their unit tests drive them with a synthetic clock. */
#ifndef COMMITBENCH_MODEL_COMMON_H
#define COMMITBENCH_MODEL_COMMON_H

#include <stddef.h>
#include <stdint.h>

#define MODEL_PROFILE_MAX_KEYS 64
#define MODEL_KEY_LEN 48
#define MODEL_VALUE_LEN 160
#define MODEL_ERR_LEN 512

struct model_profile {
  char path[4096];
  int count;
  char keys[MODEL_PROFILE_MAX_KEYS][MODEL_KEY_LEN];
  char values[MODEL_PROFILE_MAX_KEYS][MODEL_VALUE_LEN];
};

/* Reads a profile file. Returns 0, or -1 with a message naming the file and line in err. */
int model_profile_load (const char *path, struct model_profile *p, char *err, size_t errlen);

/* Every key of the profile must be one of allowed (NULL-terminated); -1 names the first other
 * one and lists the allowed keys. */
int model_profile_check_keys (const struct model_profile *p, const char *const *allowed,
                              char *err, size_t errlen);

/* The value of key, NULL when absent. */
const char *model_profile_get (const struct model_profile *p, const char *key);

/* A number that must be present and within [min, max]; -1 with a message otherwise. */
int model_profile_number (const struct model_profile *p, const char *key, double min, double max,
                          double *out, char *err, size_t errlen);

/* The same with a value taken when the key is absent. */
int model_profile_number_or (const struct model_profile *p, const char *key, double min,
                             double max, double absent, double *out, char *err, size_t errlen);

/* CLOCK_MONOTONIC in nanoseconds. */
int64_t model_now_ns (void);

/* Sleeps until the monotonic clock reads ns (returns at once when it is past). */
void model_sleep_until (int64_t ns);

/* Reads count bytes at offset, retrying short reads and EINTR; what lies past the end of the
 * file reads as zeroes. 0, or -1 with errno set. */
int model_read_full (int fd, void *buf, size_t count, uint64_t offset);

/* Writes count bytes at offset, retrying short writes and EINTR. 0, or -1 with errno set. */
int model_write_full (int fd, const void *buf, size_t count, uint64_t offset);

/* Writes text to path atomically (a temporary file beside it, then rename); 0 or -1 (errno). */
int model_write_state (const char *path, const char *text);

#endif
