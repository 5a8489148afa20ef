/* Unit tests of flash_model.c on a synthetic clock; exit status 0 when every check holds.
 * Build: cc -O2 -Wall -Werror -o T test_flash_model.c flash_model.c model_common.c -lm */
#include "flash_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                \
  do {                                                                  \
    if (!(cond)) {                                                      \
      failures++;                                                       \
      printf ("FAIL %s:%d %s: ", __func__, __LINE__, #cond);            \
      printf (__VA_ARGS__);                                             \
      printf ("\n");                                                    \
    }                                                                   \
  } while (0)

#define PAGE 4096
#define SEC INT64_C (1000000000)

static struct flash_params
params (uint32_t ppb, double op, uint32_t spare, uint32_t gc, uint32_t dies,
        enum flash_cache cache, uint64_t cache_pages)
{
  struct flash_params p = {
    .page_bytes = PAGE, .pages_per_block = ppb, .over_provisioning = op, .spare_blocks = spare,
    .gc_free_blocks = gc, .dies = dies, .read_ns = 50000, .program_ns = 500000,
    .erase_ns = 3000000, .command_ns = 0, .interface_mbs = 100000, .cache = cache,
    .cache_bytes = cache_pages * PAGE,
  };
  return p;
}

static struct flash_model *
model (struct flash_params p, uint64_t pages)
{
  char err[MODEL_ERR_LEN];
  struct flash_model *m = flash_model_new (&p, pages * PAGE, err, sizeof err);
  if (m == NULL) {
    printf ("FAIL cannot build a model: %s\n", err);
    exit (1);
  }
  return m;
}

static struct flash_stats
stats (struct flash_model *m)
{
  struct flash_stats s;
  flash_model_stats (m, &s);
  return s;
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
test_mapping_and_invalidation (void)
{
  struct flash_model *m = model (params (8, 0.25, 0, 2, 1, FLASH_CACHE_NONE, 0), 64);
  CHECK (flash_lookup (m, 5) == -1, "a fresh drive maps nothing");
  flash_write (m, 0, 5 * PAGE, 3 * PAGE, 0);
  int64_t a = flash_lookup (m, 5), b = flash_lookup (m, 6), c = flash_lookup (m, 7);
  CHECK (a >= 0 && b == a + 1 && c == a + 2, "sequential pages land in order: %lld %lld %lld",
         (long long) a, (long long) b, (long long) c);
  CHECK (flash_lookup (m, 4) == -1 && flash_lookup (m, 8) == -1, "neighbours stay unmapped");
  uint32_t before = flash_block_valid (m, (uint64_t) a / 8);
  flash_write (m, SEC, 5 * PAGE, PAGE, 0);
  int64_t moved = flash_lookup (m, 5);
  CHECK (moved != a, "an overwrite goes to a new physical page");
  CHECK (flash_block_valid (m, (uint64_t) a / 8) + (moved / 8 == a / 8 ? 0 : 1) == before,
         "the old page is no longer valid");
  CHECK (stats (m).valid_pages == 3, "valid pages: %llu", (unsigned long long) stats (m).valid_pages);
  /* a partial page write reads the old page first (read-modify-write) */
  int64_t t0 = 2 * SEC;
  int64_t whole = flash_write (m, t0, 6 * PAGE, PAGE, 0) - t0;
  int64_t t1 = 3 * SEC;
  int64_t part = flash_write (m, t1, 6 * PAGE + 512, 1024, 0) - t1;
  CHECK (part >= whole + 50000 - 100, "a partial page costs a read more: %lld vs %lld",
         (long long) part, (long long) whole);
  flash_model_free (m);
}

static void
test_overprovisioning (void)
{
  /* 1000 pages * 1.07 = 1070 pages = 16.7 blocks of 64 -> 17, plus 4 spare = 21 */
  struct flash_model *m = model (params (64, 0.07, 4, 2, 1, FLASH_CACHE_NONE, 0), 1000);
  CHECK (stats (m).total_blocks == 21, "blocks: %llu", (unsigned long long) stats (m).total_blocks);
  CHECK (stats (m).free_blocks == 21 && stats (m).logical_pages == 1000, "all free");
  flash_model_free (m);
  /* too little over-provisioning is raised to logical blocks + GC threshold + 2 open blocks */
  m = model (params (64, 0.01, 0, 4, 1, FLASH_CACHE_NONE, 0), 640);
  CHECK (stats (m).total_blocks == 10 + 4 + 2, "minimum: %llu",
         (unsigned long long) stats (m).total_blocks);
  flash_model_free (m);
}

static void
test_gc_victim_and_cost (void)
{
  /* 64 logical pages in 8-page blocks, 12 physical blocks, GC below 3 free; one die, no
   * cache, so a request's time is the sum of the operations it causes */
  struct flash_params p = params (8, 0.25, 0, 3, 1, FLASH_CACHE_NONE, 0);
  struct flash_model *m = model (p, 64);
  int64_t now = 0;
  for (int i = 0; i < 64; i++)
    now = flash_write (m, now, (uint64_t) i * PAGE, PAGE, 0);
  CHECK (stats (m).free_blocks == 5, "after the fill: %llu", (unsigned long long) stats (m).free_blocks);
  /* leave block 3 with 2 valid pages, block 5 with 5, block 6 with 4, block 7 with 5; the two
   * new blocks these take leave 3 free, so the next block the host needs starts GC */
  int over[] = { 24, 25, 26, 27, 28, 29, 40, 41, 42, 48, 49, 50, 51, 56, 57, 58, 59 };
  for (int i = 0; i < 16; i++)
    now = flash_write (m, now, (uint64_t) over[i] * PAGE, PAGE, 0);
  CHECK (flash_block_valid (m, 3) == 2 && flash_block_valid (m, 5) == 5
         && flash_block_valid (m, 6) == 4 && flash_block_valid (m, 7) == 5,
         "valid: %u %u %u %u", flash_block_valid (m, 3), flash_block_valid (m, 5),
         flash_block_valid (m, 6), flash_block_valid (m, 7));
  CHECK (stats (m).gc_blocks_erased == 0 && stats (m).free_blocks == 3, "no GC yet");
  int64_t start = now + SEC; /* the die is idle */
  int64_t end = flash_write (m, start, (uint64_t) over[16] * PAGE, PAGE, 0);
  struct flash_stats s = stats (m);
  /* greedy: block 3 (2 valid) first, then block 6 (4 valid), not block 5 or 7 (5 valid) */
  CHECK (s.gc_blocks_erased == 2 && s.gc_pages_copied == 6, "erased %llu copied %llu",
         (unsigned long long) s.gc_blocks_erased, (unsigned long long) s.gc_pages_copied);
  CHECK (flash_block_valid (m, 5) == 5 && flash_block_valid (m, 7) == 4,
         "blocks 5 and 7 untouched by GC: %u %u", flash_block_valid (m, 5),
         flash_block_valid (m, 7));
  int64_t b30 = flash_lookup (m, 30), b52 = flash_lookup (m, 52);
  CHECK (b30 / 8 == b52 / 8 && b30 / 8 != 3, "copies of block 3 and 6 share the GC block");
  int64_t expect = 41 + 6 * (p.read_ns + p.program_ns) + 2 * p.erase_ns + p.program_ns;
  CHECK (end - start == expect, "cost %lld ns, expected %lld (6 copies, 2 erases, 1 program)",
         (long long) (end - start), (long long) expect);
  CHECK (s.host_pages_written == 81 && s.nand_pages_written == 87, "host %llu nand %llu",
         (unsigned long long) s.host_pages_written, (unsigned long long) s.nand_pages_written);
  CHECK (fabs (s.write_amplification - 87.0 / 81.0) < 1e-9, "WA %f", s.write_amplification);
  flash_model_free (m);
}

static void
test_write_cache (void)
{
  /* no cache: a write completes when its program does */
  struct flash_params p = params (64, 0.2, 4, 2, 1, FLASH_CACHE_NONE, 0);
  struct flash_model *m = model (p, 4096);
  CHECK (flash_write (m, 0, 0, PAGE, 0) == 41 + p.program_ns, "uncached write");
  CHECK (flash_flush (m, SEC) == SEC, "nothing to flush without a cache");
  flash_model_free (m);

  /* volatile: acknowledged after transfer; a flush or FUA waits for the NAND */
  p = params (64, 0.2, 4, 2, 1, FLASH_CACHE_VOLATILE, 4);
  m = model (p, 4096);
  CHECK (flash_write (m, 0, 0, PAGE, 0) == 41, "cached write after transfer");
  CHECK (flash_flush (m, 100) == 41 + p.program_ns, "volatile flush waits: %lld",
         (long long) flash_flush (m, 100));
  CHECK (flash_write (m, SEC, PAGE, PAGE, 1) == SEC + 41 + p.program_ns, "volatile FUA waits");
  /* a full cache: four pages fit, the fifth waits for the first to reach NAND */
  int64_t t = 2 * SEC, first_done = 2 * SEC + 41 + p.program_ns;
  for (int i = 0; i < 4; i++)
    CHECK (flash_write (m, t, (uint64_t) (10 + i) * PAGE, PAGE, 0) == t + 41, "fits");
  int64_t fifth = flash_write (m, t, 20 * PAGE, PAGE, 0);
  CHECK (fifth == first_done + 41, "the fifth waits for room: %lld vs %lld", (long long) fifth,
         (long long) first_done);
  flash_model_free (m);

  /* PLP: flush and FUA are cheap, the cache is safe */
  p = params (64, 0.2, 4, 2, 1, FLASH_CACHE_PLP, 4);
  p.command_ns = 1000;
  m = model (p, 4096);
  flash_write (m, 0, 0, PAGE, 0);
  CHECK (flash_flush (m, 2000) == 3000, "PLP flush costs a command only");
  CHECK (flash_write (m, SEC, PAGE, PAGE, 1) == SEC + 1000 + 41, "PLP FUA is not waited for");
  flash_model_free (m);
}

static void
test_busy_timeline_and_reads (void)
{
  struct flash_params p = params (64, 0.2, 4, 2, 4, FLASH_CACHE_NONE, 0);
  struct flash_model *m = model (p, 4096);
  /* 10 pages on 4 idle dies: ceil(10 / 4) = 3 program times */
  int64_t end = flash_write (m, 0, 0, 10 * PAGE, 0);
  CHECK (end == 410 + 3 * p.program_ns, "10 pages: %lld", (long long) end);
  CHECK (stats (m).backend_busy_until_ns == end, "the backend is busy until then");
  /* reads: unmapped pages need no NAND read; a mapped one costs tR; a busy die delays a read
   * by at most one program time (suspend) */
  CHECK (flash_read (m, SEC, 100 * PAGE, PAGE) == SEC + 41, "unmapped read");
  CHECK (flash_read (m, SEC, 0, PAGE) == SEC + p.read_ns + 41, "mapped read");
  int64_t t = 2 * SEC;
  for (int i = 0; i < 20; i++)
    flash_write (m, t, 0, 4 * PAGE, 0); /* each die now holds 20 programs of work */
  int64_t r = flash_read (m, t, 0, PAGE);
  CHECK (r == t + p.program_ns + p.read_ns + 41, "read waits one program at most: %lld",
         (long long) (r - t));
  flash_model_free (m);

  /* sustained single-page writes through a cache cost program time / dies each */
  p = params (64, 0.2, 4, 2, 8, FLASH_CACHE_VOLATILE, 64);
  m = model (p, 65536);
  int64_t now = 0;
  int n = 4000;
  for (int i = 0; i < n; i++)
    now = flash_write (m, now, (next_random () % 65536) * PAGE, PAGE, 0);
  double per = (double) now / n, ideal = (double) p.program_ns / p.dies;
  CHECK (per > 0.9 * ideal && per < 1.1 * ideal, "%.0f ns a page, ideal %.0f", per, ideal);
  flash_model_free (m);
}

/* Mean latency of n random single-page writes, each issued when the previous completed. */
static double
random_writes (struct flash_model *m, int64_t *now, uint64_t pages, int n)
{
  int64_t start = *now;
  for (int i = 0; i < n; i++)
    *now = flash_write (m, *now, (next_random () % pages) * PAGE, PAGE, 0);
  return (double) (*now - start) / n;
}

static void
test_aging_gc_and_trim (void)
{
  uint64_t pages = 32768;
  struct flash_params p = params (64, 0.07, 2, 8, 8, FLASH_CACHE_VOLATILE, 256);
  struct flash_model *m = model (p, pages);
  int64_t now = 0;
  double fresh = random_writes (m, &now, pages, 3000);
  CHECK (stats (m).gc_blocks_erased == 0, "a fresh drive needs no GC");
  now += SEC;
  for (uint64_t i = 0; i < pages; i += 64)
    now = flash_write (m, now, i * PAGE, 64 * PAGE, 0);
  while (stats (m).free_blocks > p.gc_free_blocks)
    now = flash_write (m, now, (next_random () % pages) * PAGE, PAGE, 0);
  struct flash_stats before = stats (m);
  double aged = random_writes (m, &now, pages, 20000);
  struct flash_stats after = stats (m);
  double wa = (double) (after.nand_pages_written - before.nand_pages_written)
              / (double) (after.host_pages_written - before.host_pages_written);
  CHECK (after.gc_blocks_erased > before.gc_blocks_erased, "GC ran");
  CHECK (after.nand_pages_written == after.host_pages_written + after.gc_pages_copied,
         "NAND writes are host writes plus GC copies");
  CHECK (wa > 2, "steady-state WA with 7%% OP: %.2f", wa);
  CHECK (after.write_amplification > 1, "reported WA: %.4f", after.write_amplification);
  CHECK (aged > 1.8 * fresh, "aged %.0f ns vs fresh %.0f ns a page", aged, fresh);
  printf ("aging: fresh %.0f ns, aged %.0f ns a page, WA %.2f\n", fresh, aged, wa);

  uint64_t valid = after.valid_pages;
  now = flash_trim (m, now, 0, pages * PAGE);
  struct flash_stats trimmed = stats (m);
  CHECK (trimmed.valid_pages == 0 && trimmed.trimmed_pages == valid, "trim unmapped %llu of %llu",
         (unsigned long long) trimmed.trimmed_pages, (unsigned long long) valid);
  CHECK (trimmed.free_blocks + 2 >= trimmed.total_blocks, "trimmed blocks are free: %llu of %llu",
         (unsigned long long) trimmed.free_blocks, (unsigned long long) trimmed.total_blocks);
  CHECK (flash_lookup (m, 7) == -1, "a trimmed page is unmapped");
  now += SEC; /* the background erases finish */
  double again = random_writes (m, &now, pages, 3000);
  struct flash_stats last = stats (m);
  CHECK (last.gc_pages_copied == trimmed.gc_pages_copied
         && last.gc_blocks_erased == trimmed.gc_blocks_erased, "writes after TRIM need no GC");
  CHECK (again < 1.1 * fresh, "after TRIM %.0f ns vs fresh %.0f ns", again, fresh);
  /* a TRIM that covers part of a page leaves the page mapped */
  flash_write (m, now, 0, 2 * PAGE, 0);
  flash_trim (m, now, 512, PAGE);
  CHECK (flash_lookup (m, 0) >= 0 && flash_lookup (m, 1) >= 0, "partial pages stay mapped");
  flash_model_free (m);
}

static void
test_profile (void)
{
  char path[] = "/tmp/flash-profile-XXXXXX";
  int fd = mkstemp (path);
  const char *text = "name = t\npage_kib = 4\npages_per_block = 256\nover_provisioning = 0.07\n"
                     "gc_free_blocks = 8\ndies = 0\nread_us = 60\nprogram_us = 1900\n"
                     "erase_ms = 15\ncommand_us = 10\ninterface_mbs = 560\nwrite_cache = none\n";
  CHECK (write (fd, text, strlen (text)) == (ssize_t) strlen (text), "temp profile");
  close (fd);
  struct model_profile prof;
  struct flash_params p;
  char err[MODEL_ERR_LEN] = "";
  CHECK (model_profile_load (path, &prof, err, sizeof err) == 0, "%s", err);
  CHECK (flash_params_from_profile (&prof, &p, err, sizeof err) < 0 && strstr (err, "dies"),
         "dies = 0 is refused by name: %s", err);
  unlink (path);
  const char *shipped[] = { "profiles/flash-sata.profile", "profiles/flash-nvme.profile" };
  for (int i = 0; i < 2; i++) {
    if (access (shipped[i], R_OK) != 0) {
      printf ("not checked: %s (run from device-models/ to check the shipped profiles)\n",
              shipped[i]);
      continue;
    }
    CHECK (model_profile_load (shipped[i], &prof, err, sizeof err) == 0, "%s", err);
    CHECK (flash_params_from_profile (&prof, &p, err, sizeof err) == 0, "%s", err);
  }
}

int
main (void)
{
  test_mapping_and_invalidation ();
  test_overprovisioning ();
  test_gc_victim_and_cost ();
  test_write_cache ();
  test_busy_timeline_and_reads ();
  test_aging_gc_and_trim ();
  test_profile ();
  if (failures > 0) {
    printf ("%d check(s) failed\n", failures);
    return 1;
  }
  printf ("flash model: all checks passed\n");
  return 0;
}
