# A 15,000 rpm disk: Seagate Savvio 15K.1 FC, ST973451FC (73 GB, 2.5-inch), figures from its
# product manual (Savvio 15K.1 FC Product Manual, Rev. B): section 4.1 "Internal drive
# characteristics" and section 4.2.1 "Access time", typical, read, not including controller
# overhead. One drive's manual gives every mechanical figure the model needs.
name = disk-15k
description = 15,000 rpm disk (Seagate Savvio 15K.1 FC), write cache on

rpm = 15000               # 4.1: disc rotation speed
cylinders = 42554         # 4.1: tracks per surface, user accessible
heads = 4                 # 4.1: read/write data heads, 73 GB model
# 4.1: sustained data transfer rate 57 - 89 MB/s, variable with zone. The manual's internal data
# rate (957 - 1,282 Mbit/s) counts ECC and servo bits too; the sustained figure is the user data.
media_od_mbs = 89
media_id_mbs = 57
seek_track_ms = 0.2       # 4.2.1: single track, read
seek_avg_ms = 2.6         # 4.2.1: average, read
seek_full_ms = 4.9        # 4.2.1: full stroke, read
# Typical value: this manual gives access times without the controller overhead only; the Savvio
# SAS Product Manual (Rev. D) 4.2.1 gives 4.2 ms average including it and 4.0 ms without: 0.2 ms.
overhead_ms = 0.2
# Typical value: no head switch time in the manual; the single-track figure stands in (see
# disk-7200.profile).
head_switch_ms = 0.2
interface_mbs = 400       # 4 Gbit/s Fibre Channel, 8b/10b coded: 400 MB/s
read_ahead_kb = 1024      # typical value, as in disk-7200.profile
write_cache = 1           # write cache on; 0 models the drive with its cache disabled
write_cache_mb = 8        # typical value: the share of its buffer for dirty writes is not in the manual
stroke = 1.0
# Typical value: the image is spread over the stroke in bands of 64 MiB; within a band its
# cylinders are adjacent, so a long transfer seeks once per band, as on a real drive, while
# random I/O still travels the whole stroke.
band_mb = 64

datasheet.seq_read_mbs = 89       # 4.1: sustained data transfer rate, outer zone
datasheet.random_read_ms = 4.6    # 4.2.1 average seek 2.6 + 4.1 average rotational latency 2.0
# A write the cache takes returns at once; this is the media access, which write_cache = 0 shows.
datasheet.random_write_ms = 5.1   # 4.2.1 average seek, write, 3.1 + 2.0
datasheet.fdatasync_ms = 4.0      # one revolution at 15,000 rpm: 60 s / 15,000
