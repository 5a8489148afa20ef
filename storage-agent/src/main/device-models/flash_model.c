/* See flash_model.h. Choices and why:
 * - The FTL maps whole pages (page-mapped, like every DRAM-equipped SSD); a write that covers
 *   part of a page is a read-modify-write of that page (a read before its program).
 * - Physical page p lives on die p % dies, so an open block's consecutive pages stripe across
 *   the dies as a controller's superblock does; n page programs on idle dies therefore cost
 *   ceil(n / dies) program times, and a steady stream of them costs program time / dies each.
 * - One open block takes host writes and another takes GC copies, so cold copied data and hot
 *   host data do not share blocks.
 * - GC is greedy (the full block with fewest valid pages) and runs, charged to the dies, when
 *   the host's open block needs a new block and fewer than gc_free_blocks are free. Each valid
 *   page copied costs a read and a program on its dies; each victim costs one erase. A TRIM
 *   that leaves a full block without valid pages erases it at once in the background. The model's
 *   erase block is smaller than a NAND block (to keep a 1 GiB image at hundreds of blocks, so
 *   GC's statistics behave), so its erase is charged to a single die.
 * - Reads: controllers prioritise reads and suspend a program or erase in progress, so a read
 *   waits for its die at most one program time and does not push the die's timeline. Unmapped
 *   pages are answered from the map without a NAND read.
 * - Write cache: a cached write is acknowledged after its transfer; its pages stay in the cache
 *   until their programs finish, and a write that finds the cache full waits until enough has
 *   drained. Without PLP a flush or FUA waits for the cached data to reach NAND; with PLP the
 *   cache survives power loss, so both are acknowledged at once. Without a cache a write
 *   completes when its programs and the GC it triggered are done. */
#include "flash_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNMAPPED UINT32_MAX
#define BLOCK_FREE 0
#define BLOCK_OPEN 1
#define BLOCK_FULL 2
#define MAX_DIES 4096

const char *const flash_profile_keys[] = {
  "name", "description", "page_kib", "pages_per_block", "over_provisioning", "spare_blocks",
  "gc_free_blocks", "dies", "read_us", "program_us", "erase_ms", "command_us", "interface_mbs",
  "write_cache", "write_cache_mb", "datasheet.model", "datasheet.random_write_iops",
  "datasheet.random_write_ms", "datasheet.random_read_ms", "datasheet.random_read_iops",
  "datasheet.seq_read_mbs", "datasheet.seq_write_mbs", "datasheet.fdatasync_ms", NULL
};

struct cache_entry {
  int64_t done_ns;
  uint32_t pages;
};

struct open_block {
  uint32_t block, next; /* next page index inside block; next == ppb means none open */
};

struct flash_model {
  struct flash_params p;
  uint64_t logical_pages, total_blocks, physical_pages;
  uint32_t *l2p, *p2l, *valid, *free_list;
  uint8_t *state;
  uint64_t nfree;
  struct open_block host, gc;
  int64_t *die_busy;
  /* the write cache: a FIFO of writes whose programs have not all finished */
  struct cache_entry *ring;
  uint64_t ring_cap, ring_head, ring_len, cache_pages_cap, cache_pages_held;
  int64_t cached_done_max; /* when the last cached page reaches NAND */
  struct flash_stats st;
};

static int64_t
max64 (int64_t a, int64_t b)
{
  return a > b ? a : b;
}

int
flash_params_from_profile (const struct model_profile *p, struct flash_params *o, char *err,
                           size_t errlen)
{
  double v;
  memset (o, 0, sizeof *o);
  if (model_profile_check_keys (p, flash_profile_keys, err, errlen) < 0)
    return -1;
#define NUM(key, lo, hi) \
  if (model_profile_number (p, key, lo, hi, &v, err, errlen) < 0) return -1;
  NUM ("page_kib", 0.5, 64);
  o->page_bytes = (uint32_t) llround (v * 1024);
  if (o->page_bytes % 512 != 0) {
    snprintf (err, errlen, "%s: page_kib must be a multiple of 0.5 (whole 512-byte sectors)",
              p->path);
    return -1;
  }
  NUM ("pages_per_block", 8, 65536);
  o->pages_per_block = (uint32_t) v;
  NUM ("over_provisioning", 0.01, 2);
  o->over_provisioning = v;
  if (model_profile_number_or (p, "spare_blocks", 0, 1024, 4, &v, err, errlen) < 0)
    return -1;
  o->spare_blocks = (uint32_t) v;
  NUM ("gc_free_blocks", 2, 1024);
  o->gc_free_blocks = (uint32_t) v;
  NUM ("dies", 1, MAX_DIES);
  o->dies = (uint32_t) v;
  NUM ("read_us", 1, 100000);
  o->read_ns = llround (v * 1000);
  NUM ("program_us", 1, 100000);
  o->program_ns = llround (v * 1000);
  NUM ("erase_ms", 0.01, 1000);
  o->erase_ns = llround (v * 1e6);
  NUM ("command_us", 0, 100000);
  o->command_ns = llround (v * 1000);
  NUM ("interface_mbs", 1, 100000);
  o->interface_mbs = v;
#undef NUM
  const char *c = model_profile_get (p, "write_cache");
  if (c == NULL || strcmp (c, "none") == 0)
    o->cache = FLASH_CACHE_NONE;
  else if (strcmp (c, "volatile") == 0)
    o->cache = FLASH_CACHE_VOLATILE;
  else if (strcmp (c, "plp") == 0)
    o->cache = FLASH_CACHE_PLP;
  else {
    snprintf (err, errlen, "%s: write_cache = '%s'; allowed: none, volatile, plp", p->path, c);
    return -1;
  }
  if (o->cache != FLASH_CACHE_NONE) {
    if (model_profile_number (p, "write_cache_mb", 0.0625, 65536, &v, err, errlen) < 0)
      return -1;
    o->cache_bytes = (uint64_t) (v * 1048576);
  }
  return 0;
}

struct flash_model *
flash_model_new (const struct flash_params *p, uint64_t device_bytes, char *err, size_t errlen)
{
  if (p->page_bytes == 0 || p->pages_per_block == 0 || p->dies == 0 || p->dies > MAX_DIES) {
    snprintf (err, errlen, "flash model: page size, pages per block and dies (1 to %d) must be set",
              MAX_DIES);
    return NULL;
  }
  uint64_t lp = (device_bytes + p->page_bytes - 1) / p->page_bytes;
  if (lp == 0 || lp > (UINT64_C (1) << 28)) {
    snprintf (err, errlen, "flash model: %llu bytes is %llu pages of %u bytes; allowed 1 to 2^28 "
              "pages (the map costs 8 bytes a page)", (unsigned long long) device_bytes,
              (unsigned long long) lp, p->page_bytes);
    return NULL;
  }
  struct flash_model *m = calloc (1, sizeof *m);
  if (m == NULL) {
    snprintf (err, errlen, "flash model: out of memory");
    return NULL;
  }
  m->p = *p;
  m->logical_pages = lp;
  /* physical = logical * (1 + op) rounded up to whole blocks, plus the spare blocks; at least
   * enough that GC's threshold and the two open blocks leave room for the logical data */
  uint64_t lblocks = (lp + p->pages_per_block - 1) / p->pages_per_block;
  uint64_t pblocks = (uint64_t) ceil ((double) lp * (1 + p->over_provisioning)
                                      / p->pages_per_block) + p->spare_blocks;
  if (pblocks < lblocks + p->gc_free_blocks + 2)
    pblocks = lblocks + p->gc_free_blocks + 2;
  m->total_blocks = pblocks;
  m->physical_pages = pblocks * p->pages_per_block;
  m->l2p = malloc (lp * sizeof *m->l2p);
  m->p2l = malloc (m->physical_pages * sizeof *m->p2l);
  m->valid = calloc (pblocks, sizeof *m->valid);
  m->free_list = malloc (pblocks * sizeof *m->free_list);
  m->state = calloc (pblocks, 1);
  m->die_busy = calloc (p->dies, sizeof *m->die_busy);
  m->cache_pages_cap = p->cache_bytes / p->page_bytes;
  m->ring_cap = m->cache_pages_cap + 1;
  m->ring = calloc (m->ring_cap, sizeof *m->ring);
  if (!m->l2p || !m->p2l || !m->valid || !m->free_list || !m->state || !m->die_busy || !m->ring) {
    flash_model_free (m);
    snprintf (err, errlen, "flash model: out of memory for %llu pages",
              (unsigned long long) lp);
    return NULL;
  }
  memset (m->l2p, 0xff, lp * sizeof *m->l2p);
  memset (m->p2l, 0xff, m->physical_pages * sizeof *m->p2l);
  /* the free list is a stack; pushed in reverse so block 0 is used first */
  for (uint64_t b = 0; b < pblocks; b++)
    m->free_list[b] = (uint32_t) (pblocks - 1 - b);
  m->nfree = pblocks;
  m->host.next = m->gc.next = p->pages_per_block;
  m->st.total_blocks = pblocks;
  m->st.logical_pages = lp;
  return m;
}

void
flash_model_free (struct flash_model *m)
{
  if (m == NULL)
    return;
  free (m->l2p);
  free (m->p2l);
  free (m->valid);
  free (m->free_list);
  free (m->state);
  free (m->die_busy);
  free (m->ring);
  free (m);
}

static uint32_t
die_of (const struct flash_model *m, uint64_t phys)
{
  return (uint32_t) (phys % m->p.dies);
}

/* An operation of cost ns on the die of phys, not before ready; returns its end. */
static int64_t
die_op (struct flash_model *m, uint64_t phys, int64_t ready, int64_t ns)
{
  int64_t *busy = &m->die_busy[die_of (m, phys)];
  int64_t end = max64 (*busy, ready) + ns;
  *busy = end;
  return end;
}

/* An erase of block on its die: blocks are spread over the dies by number. */
static int64_t
erase_block (struct flash_model *m, uint64_t block, int64_t ready)
{
  int64_t *busy = &m->die_busy[block % m->p.dies];
  int64_t end = max64 (*busy, ready) + m->p.erase_ns;
  *busy = end;
  return end;
}

static void
invalidate (struct flash_model *m, uint64_t lpage)
{
  uint32_t old = m->l2p[lpage];
  if (old == UNMAPPED)
    return;
  m->p2l[old] = UNMAPPED;
  m->valid[old / m->p.pages_per_block]--;
  m->st.valid_pages--;
  m->l2p[lpage] = UNMAPPED;
}

static int
take_free_block (struct flash_model *m, struct open_block *ob)
{
  if (m->nfree == 0)
    return -1;
  ob->block = m->free_list[--m->nfree];
  ob->next = 0;
  m->state[ob->block] = BLOCK_OPEN;
  return 0;
}

/* The next physical page of an open block, taking a free block when it is full. */
static int64_t
next_page (struct flash_model *m, struct open_block *ob)
{
  if (ob->next >= m->p.pages_per_block) {
    if (ob->next == m->p.pages_per_block && m->state[ob->block] == BLOCK_OPEN)
      m->state[ob->block] = BLOCK_FULL;
    if (take_free_block (m, ob) < 0)
      return -1;
  }
  return (int64_t) ob->block * m->p.pages_per_block + ob->next++;
}

static void
map (struct flash_model *m, uint64_t lpage, uint64_t phys)
{
  m->l2p[lpage] = (uint32_t) phys;
  m->p2l[phys] = (uint32_t) lpage;
  m->valid[phys / m->p.pages_per_block]++;
  m->st.valid_pages++;
}

/* Greedy GC until more than gc_free_blocks are free, so that taking a block leaves at least
 * gc_free_blocks; returns when the work it queued ends. */
static int64_t
collect (struct flash_model *m, int64_t now)
{
  int64_t end = now;
  uint32_t ppb = m->p.pages_per_block;
  while (m->nfree <= m->p.gc_free_blocks) {
    uint64_t victim = UINT64_MAX;
    uint32_t fewest = ppb;
    for (uint64_t b = 0; b < m->total_blocks; b++)
      if (m->state[b] == BLOCK_FULL && m->valid[b] < fewest) {
        fewest = m->valid[b];
        victim = b;
      }
    if (victim == UINT64_MAX)
      break; /* every full block is wholly valid: nothing to gain */
    for (uint32_t i = 0; i < ppb && m->valid[victim] > 0; i++) {
      uint64_t from = victim * ppb + i;
      uint32_t lpage = m->p2l[from];
      if (lpage == UNMAPPED)
        continue;
      int64_t to = next_page (m, &m->gc);
      if (to < 0)
        return end;
      int64_t read_end = die_op (m, from, now, m->p.read_ns);
      end = max64 (end, die_op (m, (uint64_t) to, read_end, m->p.program_ns));
      invalidate (m, lpage);
      map (m, lpage, (uint64_t) to);
      m->st.gc_pages_copied++;
      m->st.nand_pages_written++;
    }
    end = max64 (end, erase_block (m, victim, now));
    m->state[victim] = BLOCK_FREE;
    m->free_list[m->nfree++] = (uint32_t) victim;
    m->st.gc_blocks_erased++;
  }
  return end;
}

static int64_t
transfer_ns (const struct flash_model *m, uint64_t bytes)
{
  return (int64_t) llround ((double) bytes * 1000.0 / m->p.interface_mbs);
}

static void
cache_drain (struct flash_model *m, int64_t now)
{
  while (m->ring_len > 0 && m->ring[m->ring_head].done_ns <= now) {
    m->cache_pages_held -= m->ring[m->ring_head].pages;
    m->ring_head = (m->ring_head + 1) % m->ring_cap;
    m->ring_len--;
  }
}

/* When a write of pages finds room in the cache: the oldest writes leave first. */
static int64_t
cache_room (struct flash_model *m, int64_t now, uint64_t pages)
{
  if (pages > m->cache_pages_cap)
    pages = m->cache_pages_cap;
  int64_t at = now;
  while (m->cache_pages_held + pages > m->cache_pages_cap && m->ring_len > 0) {
    at = max64 (at, m->ring[m->ring_head].done_ns);
    m->cache_pages_held -= m->ring[m->ring_head].pages;
    m->ring_head = (m->ring_head + 1) % m->ring_cap;
    m->ring_len--;
  }
  return at;
}

static void
cache_hold (struct flash_model *m, int64_t done, uint64_t pages)
{
  while (pages > 0) {
    uint32_t n = pages > m->cache_pages_cap ? (uint32_t) m->cache_pages_cap : (uint32_t) pages;
    if (m->ring_len == m->ring_cap) /* cannot happen: each entry holds at least one page */
      return;
    m->ring[(m->ring_head + m->ring_len) % m->ring_cap] = (struct cache_entry) { done, n };
    m->ring_len++;
    m->cache_pages_held += n;
    pages -= n;
  }
  m->cached_done_max = max64 (m->cached_done_max, done);
}

int64_t
flash_write (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len, int fua)
{
  if (len == 0)
    return now + m->p.command_ns;
  uint64_t pb = m->p.page_bytes;
  uint64_t first = offset / pb, last = (offset + len - 1) / pb;
  if (last >= m->logical_pages)
    last = m->logical_pages - 1;
  uint64_t pages = last - first + 1;
  int cached = m->p.cache != FLASH_CACHE_NONE;
  int64_t start = now;
  if (cached) {
    cache_drain (m, now);
    start = cache_room (m, now, pages);
  }
  int64_t arrived = start + m->p.command_ns + transfer_ns (m, len);
  int64_t programs_end = arrived, gc_end = arrived;
  for (uint64_t lp = first; lp <= last; lp++) {
    int partial = (lp == first && offset % pb != 0)
                  || (lp == last && (offset + len) % pb != 0 && (offset + len) < (lp + 1) * pb);
    int64_t ready = arrived;
    uint32_t old = m->l2p[lp];
    if (partial && old != UNMAPPED) /* read-modify-write: the rest of the page comes from NAND */
      ready = die_op (m, old, arrived, m->p.read_ns);
    if (m->host.next >= m->p.pages_per_block && m->nfree <= m->p.gc_free_blocks)
      gc_end = max64 (gc_end, collect (m, arrived));
    int64_t to = next_page (m, &m->host);
    if (to < 0)
      break; /* no free block even after GC; cannot happen with the sizes flash_model_new sets */
    invalidate (m, lp);
    map (m, lp, (uint64_t) to);
    programs_end = max64 (programs_end, die_op (m, (uint64_t) to, ready, m->p.program_ns));
    m->st.host_pages_written++;
    m->st.nand_pages_written++;
  }
  if (!cached)
    return max64 (programs_end, gc_end);
  cache_hold (m, programs_end, pages);
  if (fua && m->p.cache == FLASH_CACHE_VOLATILE)
    return programs_end;
  return arrived;
}

int64_t
flash_read (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len)
{
  int64_t t = now + m->p.command_ns;
  if (len == 0)
    return t;
  uint64_t pb = m->p.page_bytes;
  uint64_t first = offset / pb, last = (offset + len - 1) / pb;
  if (last >= m->logical_pages)
    last = m->logical_pages - 1;
  uint64_t nand = 0;
  int64_t wait = 0;
  for (uint64_t lp = first; lp <= last; lp++) {
    uint32_t phys = m->l2p[lp];
    if (phys == UNMAPPED)
      continue;
    nand++;
    int64_t w = m->die_busy[die_of (m, phys)] - t;
    if (w > m->p.program_ns) /* program/erase suspend: at most one operation ahead */
      w = m->p.program_ns;
    wait = max64 (wait, w);
  }
  if (nand > 0)
    t += wait + (int64_t) ((nand + m->p.dies - 1) / m->p.dies) * m->p.read_ns;
  return t + transfer_ns (m, len);
}

int64_t
flash_trim (struct flash_model *m, int64_t now, uint64_t offset, uint64_t len)
{
  uint64_t pb = m->p.page_bytes;
  uint64_t first = (offset + pb - 1) / pb, end = (offset + len) / pb; /* whole pages only */
  if (end > m->logical_pages)
    end = m->logical_pages;
  for (uint64_t lp = first; lp < end; lp++)
    if (m->l2p[lp] != UNMAPPED) {
      uint64_t block = m->l2p[lp] / m->p.pages_per_block;
      invalidate (m, lp);
      m->st.trimmed_pages++;
      /* a full block left without valid pages is erased now, in the background, as drives do
       * with trimmed blocks; later writes find it free and need no GC */
      if (m->valid[block] == 0 && m->state[block] == BLOCK_FULL) {
        erase_block (m, block, now);
        m->state[block] = BLOCK_FREE;
        m->free_list[m->nfree++] = (uint32_t) block;
        m->st.trim_blocks_erased++;
      }
    }
  return now + m->p.command_ns;
}

int64_t
flash_flush (struct flash_model *m, int64_t now)
{
  int64_t t = now + m->p.command_ns;
  if (m->p.cache == FLASH_CACHE_VOLATILE)
    t = max64 (t, m->cached_done_max);
  return t;
}

void
flash_model_stats (const struct flash_model *m, struct flash_stats *s)
{
  *s = m->st;
  s->free_blocks = m->nfree;
  s->cache_pages_held = m->cache_pages_held;
  s->write_amplification = m->st.host_pages_written == 0
    ? 1.0 : (double) m->st.nand_pages_written / (double) m->st.host_pages_written;
  int64_t busy = 0;
  for (uint32_t d = 0; d < m->p.dies; d++)
    busy = max64 (busy, m->die_busy[d]);
  s->backend_busy_until_ns = busy;
}

int64_t
flash_lookup (const struct flash_model *m, uint64_t logical_page)
{
  if (logical_page >= m->logical_pages || m->l2p[logical_page] == UNMAPPED)
    return -1;
  return m->l2p[logical_page];
}

uint32_t
flash_block_valid (const struct flash_model *m, uint64_t block)
{
  return block < m->total_blocks ? m->valid[block] : 0;
}

int
flash_state_text (const struct flash_model *m, const char *profile_name, char *buf, size_t len)
{
  struct flash_stats s;
  flash_model_stats (m, &s);
  int n = snprintf (buf, len,
                    "model = flash\nprofile = %s\nfree_blocks = %llu\ntotal_blocks = %llu\n"
                    "logical_pages = %llu\nvalid_pages = %llu\nhost_pages_written = %llu\n"
                    "nand_pages_written = %llu\nwrite_amplification = %.4f\n"
                    "gc_blocks_erased = %llu\ngc_pages_copied = %llu\ntrimmed_pages = %llu\n"
                    "trim_blocks_erased = %llu\n"
                    "gc_free_blocks = %u\npage_bytes = %u\ncache_pages_held = %llu\n",
                    profile_name, (unsigned long long) s.free_blocks,
                    (unsigned long long) s.total_blocks, (unsigned long long) s.logical_pages,
                    (unsigned long long) s.valid_pages,
                    (unsigned long long) s.host_pages_written,
                    (unsigned long long) s.nand_pages_written, s.write_amplification,
                    (unsigned long long) s.gc_blocks_erased,
                    (unsigned long long) s.gc_pages_copied, (unsigned long long) s.trimmed_pages,
                    (unsigned long long) s.trim_blocks_erased,
                    m->p.gc_free_blocks, m->p.page_bytes,
                    (unsigned long long) s.cache_pages_held);
  return n < 0 || (size_t) n >= len ? -1 : 0;
}
