/* See model_common.h. */
#define _GNU_SOURCE
#include "model_common.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char *
trim (char *s)
{
  while (isspace ((unsigned char) *s))
    s++;
  char *end = s + strlen (s);
  while (end > s && isspace ((unsigned char) end[-1]))
    *--end = '\0';
  return s;
}

int
model_profile_load (const char *path, struct model_profile *p, char *err, size_t errlen)
{
  memset (p, 0, sizeof *p);
  snprintf (p->path, sizeof p->path, "%s", path);
  FILE *f = fopen (path, "r");
  if (f == NULL) {
    snprintf (err, errlen, "cannot read the device profile %s: %s", path, strerror (errno));
    return -1;
  }
  char line[1024];
  int number = 0;
  while (fgets (line, sizeof line, f) != NULL) {
    number++;
    char *hash = strchr (line, '#');
    if (hash != NULL)
      *hash = '\0';
    char *text = trim (line);
    if (*text == '\0')
      continue;
    char *eq = strchr (text, '=');
    if (eq == NULL) {
      snprintf (err, errlen, "%s line %d: expected 'key = value', got '%s'", path, number, text);
      fclose (f);
      return -1;
    }
    *eq = '\0';
    char *key = trim (text);
    char *value = trim (eq + 1);
    if (*key == '\0' || strlen (key) >= MODEL_KEY_LEN || strlen (value) >= MODEL_VALUE_LEN) {
      snprintf (err, errlen, "%s line %d: a key must be 1 to %d characters and a value below %d",
                path, number, MODEL_KEY_LEN - 1, MODEL_VALUE_LEN);
      fclose (f);
      return -1;
    }
    if (model_profile_get (p, key) != NULL) {
      snprintf (err, errlen, "%s line %d: key '%s' given twice", path, number, key);
      fclose (f);
      return -1;
    }
    if (p->count == MODEL_PROFILE_MAX_KEYS) {
      snprintf (err, errlen, "%s: more than %d keys", path, MODEL_PROFILE_MAX_KEYS);
      fclose (f);
      return -1;
    }
    snprintf (p->keys[p->count], MODEL_KEY_LEN, "%s", key);
    snprintf (p->values[p->count], MODEL_VALUE_LEN, "%s", value);
    p->count++;
  }
  fclose (f);
  return 0;
}

int
model_profile_check_keys (const struct model_profile *p, const char *const *allowed, char *err,
                          size_t errlen)
{
  for (int i = 0; i < p->count; i++) {
    int known = 0;
    for (const char *const *a = allowed; *a != NULL; a++)
      if (strcmp (*a, p->keys[i]) == 0)
        known = 1;
    if (!known) {
      size_t used = (size_t) snprintf (err, errlen, "%s: unknown key '%s'; allowed:", p->path,
                                       p->keys[i]);
      for (const char *const *a = allowed; *a != NULL && used < errlen; a++)
        used += (size_t) snprintf (err + used, errlen - used, " %s", *a);
      return -1;
    }
  }
  return 0;
}

const char *
model_profile_get (const struct model_profile *p, const char *key)
{
  for (int i = 0; i < p->count; i++)
    if (strcmp (p->keys[i], key) == 0)
      return p->values[i];
  return NULL;
}

static int
parse_number (const struct model_profile *p, const char *key, const char *text, double min,
              double max, double *out, char *err, size_t errlen)
{
  char *end;
  errno = 0;
  double v = strtod (text, &end);
  if (errno != 0 || end == text || *trim (end) != '\0' || !isfinite (v) || v < min || v > max) {
    snprintf (err, errlen, "%s: %s = '%s' is not a number from %g to %g", p->path, key, text, min,
              max);
    return -1;
  }
  *out = v;
  return 0;
}

int
model_profile_number (const struct model_profile *p, const char *key, double min, double max,
                      double *out, char *err, size_t errlen)
{
  const char *text = model_profile_get (p, key);
  if (text == NULL) {
    snprintf (err, errlen, "%s: key '%s' is missing (a number from %g to %g)", p->path, key, min,
              max);
    return -1;
  }
  char copy[MODEL_VALUE_LEN];
  snprintf (copy, sizeof copy, "%s", text);
  return parse_number (p, key, copy, min, max, out, err, errlen);
}

int
model_profile_number_or (const struct model_profile *p, const char *key, double min, double max,
                         double absent, double *out, char *err, size_t errlen)
{
  if (model_profile_get (p, key) == NULL) {
    *out = absent;
    return 0;
  }
  return model_profile_number (p, key, min, max, out, err, errlen);
}

int64_t
model_now_ns (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

void
model_sleep_until (int64_t ns)
{
  struct timespec t = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };
  while (clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
    ;
}

int
model_read_full (int fd, void *buf, size_t count, uint64_t offset)
{
  char *p = buf;
  while (count > 0) {
    ssize_t r = pread (fd, p, count, (off_t) offset);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return -1;
    if (r == 0) {
      memset (p, 0, count);
      break;
    }
    p += r;
    count -= (size_t) r;
    offset += (uint64_t) r;
  }
  return 0;
}

int
model_write_full (int fd, const void *buf, size_t count, uint64_t offset)
{
  const char *p = buf;
  while (count > 0) {
    ssize_t r = pwrite (fd, p, count, (off_t) offset);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return -1;
    p += r;
    count -= (size_t) r;
    offset += (uint64_t) r;
  }
  return 0;
}

int
model_write_state (const char *path, const char *text)
{
  char tmp[4200];
  snprintf (tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen (tmp, "w");
  if (f == NULL)
    return -1;
  int ok = fputs (text, f) >= 0;
  ok = (fclose (f) == 0) && ok;
  if (!ok || rename (tmp, path) != 0) {
    int saved = errno;
    unlink (tmp);
    errno = saved;
    return -1;
  }
  return 0;
}
