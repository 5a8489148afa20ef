/* A flash SSD as arithmetic: a page-mapped FTL (logical page -> physical page) over erase
 * blocks with over-provisioning, greedy garbage collection, NAND latencies on a number of dies
 * working in parallel, and a write cache with or without power-loss protection.
 *
 * Every call takes the time "now" in nanoseconds and returns the time at which the request
 * completes; nothing here reads a clock or touches a file, so tests use a synthetic clock. */
#ifndef COMMITBENCH_FLASH_MODEL_H
#define COMMITBENCH_FLASH_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "model_common.h"

enum flash_cache { FLASH_CACHE_NONE, FLASH_CACHE_VOLATILE, FLASH_CACHE_PLP };

struct flash_params {
  uint32_t page_bytes;      /* the FTL's mapping unit */
  uint32_t pages_per_block; /* pages per erase block */
  double over_provisioning; /* physical capacity beyond the logical one, as a fraction */
  uint32_t spare_blocks;    /* blocks beyond the over-provisioning (bad-block reserve) */
  uint32_t gc_free_blocks;  /* GC runs while fewer blocks than this are free */
  uint32_t dies;            /* units that read, program or erase in parallel */
  int64_t read_ns, program_ns, erase_ns, command_ns;
  double interface_mbs;     /* host link, MB/s (10^6 bytes) */
  enum flash_cache cache;
  uint64_t cache_bytes;
};

struct flash_stats {
  uint64_t total_blocks, free_blocks, logical_pages, valid_pages;
  uint64_t host_pages_written, nand_pages_written, gc_blocks_erased, gc_pages_copied;
  uint64_t trimmed_pages, trim_blocks_erased, cache_pages_held;
  double write_amplification; /* nand / host, 1 before any write */
  int64_t backend_busy_until_ns;
};

struct flash_model;

/* Reads the model keys of a profile (the datasheet.* keys are for people, not the model). */
int flash_params_from_profile (const struct model_profile *p, struct flash_params *out,
                               char *err, size_t errlen);

/* The profile keys a flash profile may hold, NULL-terminated. */
extern const char *const flash_profile_keys[];

/* A drive whose logical capacity is device_bytes, every page unmapped. NULL with err. */
struct flash_model *flash_model_new (const struct flash_params *p, uint64_t device_bytes,
                                     char *err, size_t errlen);
void flash_model_free (struct flash_model *m);

int64_t flash_read (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len);
int64_t flash_write (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len, int fua);
int64_t flash_trim (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len);
int64_t flash_flush (struct flash_model *m, int64_t now);

void flash_model_stats (const struct flash_model *m, struct flash_stats *s);

/* The physical page that holds a logical page, -1 when unmapped. */
int64_t flash_lookup (const struct flash_model *m, uint64_t logical_page);
/* Valid pages in an erase block. */
uint32_t flash_block_valid (const struct flash_model *m, uint64_t block);

/* The state file's text (model, profile, then the counters as key = value). */
int flash_state_text (const struct flash_model *m, const char *profile_name, char *buf,
                      size_t len);

#endif
