# A 7,200 rpm disk: Seagate Constellation.2 SAS, ST91000640SS (1 TB, 2.5-inch), figures from its
# product manual (publication 100620418, Rev. H): section 5.1 "Internal drive characteristics",
# section 5.2.1 "Access time", typical, read, and 5.2.3 "General performance characteristics". One drive's manual gives every mechanical figure the
# model needs, so they fit together.
name = disk-7200
description = 7,200 rpm disk (Seagate Constellation.2 SAS), write cache on

rpm = 7200                # 5.1: disk rotation speed
cylinders = 165800        # 5.1: tracks per surface, user accessible
heads = 8                 # 5.1: read/write data heads, 1 TB model
# 5.2.3: sustained transfer rate 105 to 115 MB/s: the user data a long transfer moves, which the
# model's tracks carry. The internal data rate (5.1: 84 - 163 MB/s, variable with zone) counts
# the format's overhead too; its ratio, 84/163, gives the inner zone's share of the outer's 115.
media_od_mbs = 115
media_id_mbs = 59
seek_track_ms = 0.23      # 5.2.1: single track, read, not including controller overhead
seek_avg_ms = 7.5         # 5.2.1: average, read, not including controller overhead
seek_full_ms = 17.06      # 5.2.1: full stroke, read, not including controller overhead
overhead_ms = 0.2         # 5.2.1: average access including (7.7) minus not including (7.5) it
# Typical value: the manual gives no head switch time; a switch settles the new head on its
# track as a single-track seek settles, so the single-track figure stands in.
head_switch_ms = 0.23
interface_mbs = 600       # SAS 6 Gbit/s link (manual 12.2), 8b/10b coded: 600 MB/s
# Typical value: the manual gives the buffer's size but not how far the drive reads ahead;
# 1 MiB keeps the read-ahead ahead of the host's largest requests, as drives do.
read_ahead_kb = 1024
write_cache = 1           # write cache on; 0 models the drive with its cache disabled
# Typical value: the share of the buffer that holds dirty writes is not in the manual.
write_cache_mb = 16
stroke = 1.0              # the image spread over the whole stroke: random I/O sees average seeks
# Typical value: the image is spread over the stroke in bands of 64 MiB; within a band its
# cylinders are adjacent, so a long transfer seeks once per band, as on a real drive, while
# random I/O still travels the whole stroke.
band_mb = 64

# What the data sheet promises, shown beside the lab's measurements (the model ignores these).
datasheet.seq_read_mbs = 115      # 5.2.3: sustained transfer rate, the upper end (outer zone)
datasheet.random_read_ms = 11.66  # 5.2.1 average seek 7.5 + 5.1 average rotational latency 4.16
# A write the cache takes returns at once; this is the media access, which write_cache = 0 shows.
datasheet.random_write_ms = 12.66 # 5.2.1 average seek, write, 8.5 + 4.16
datasheet.fdatasync_ms = 8.33     # one revolution at 7,200 rpm: 60 s / 7,200
