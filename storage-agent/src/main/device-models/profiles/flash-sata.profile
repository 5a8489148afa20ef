# A SATA TLC SSD without power-loss protection, after the Samsung 870 EVO 1 TB.
name = flash-sata
description = SATA TLC SSD, volatile DRAM write cache without power-loss protection (870 EVO class)

# The FTL maps 4 KiB units, as DRAM-equipped drives do (1 GB DRAM per 1 TB for the map:
# Tom's Hardware 870 EVO announcement table, LPDDR4 1GB for the 1TB model).
page_kib = 4
# NAND erase blocks are ~36 MiB (Micron B17A TLC data sheet: 2304 pages of 16 KiB); the model
# uses 1 MiB blocks so a 1-4 GiB image still has hundreds of blocks for GC to choose from.
pages_per_block = 256
# 1 TB (10^12) sold out of 1 TiB (2^40) of NAND: 2^40 / 10^12 - 1 = 7.37 %.
over_provisioning = 0.0737
spare_blocks = 4
# Typical value: a controller keeps a few blocks free for GC; not published.
gc_free_blocks = 8
# 1 TB of 512 Gbit dies = 16 dies (Tom's Hardware 870 EVO table), 4 planes each (B17A has
# 4 planes; typical for TLC), 4 units of 4 KiB per 16 KiB page -> 256 program units.
dies = 256
# B17A data sheet: single-plane page read 74 us typ, snap read 51 us; 60 us chosen so that
# command + tR + 4 KiB transfer gives the 870 EVO's QD1 random read of 13,000 IOPS (77 us).
read_us = 60
# B17A data sheet: effective program page time 1900 us typ. With 256 units this gives
# 1900 / 256 = 7.4 us per 4 KiB, 550 MB/s, near the 530 MB/s sequential write below.
program_us = 1900
# B17A data sheet: erase block time 15 ms typ.
erase_ms = 15
# Typical value: AHCI/SATA command and controller overhead of ~10 us.
command_us = 10
# 870 EVO sequential read 560 MB/s (Samsung spec quoted by KitGuru and Tom's Hardware): the
# SATA link is the limit.
interface_mbs = 560
# The DRAM buffers writes and has no capacitors. Its size for writes is not published; 8 MB is
# a typical value (most of the DRAM holds the map).
write_cache = volatile
write_cache_mb = 8

datasheet.model = Samsung 870 EVO 1TB
# QD1 4 KiB random write 36,000 IOPS, random read 13,000 IOPS (Samsung spec, KitGuru review).
datasheet.random_write_iops = 36000
datasheet.random_read_iops = 13000
datasheet.random_read_ms = 0.077
# Samsung spec: 560 MB/s read, 530 MB/s write (Tom's Hardware, KitGuru, CDRLabs).
datasheet.seq_read_mbs = 560
datasheet.seq_write_mbs = 530
# Not in the data sheet: without PLP a flush waits for the cached data's NAND program, about
# one tPROG (1.9 ms, B17A) -- consumer drives' fsync is reported in milliseconds.
datasheet.fdatasync_ms = 1.9
