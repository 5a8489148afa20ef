# An NVMe datacenter TLC SSD with power-loss protection, after the Intel DC P4500/P4510 1 TB.
name = flash-nvme
description = NVMe TLC datacenter SSD with power-loss protected write cache (DC P4500/P4510 class)

page_kib = 4
# As in flash-sata: 1 MiB model blocks instead of the NAND's ~36 MiB (Micron B17A data sheet).
pages_per_block = 256
# Typical value for read-intensive datacenter drives (~20 % spare area); Intel does not
# publish the P4500's raw capacity.
over_provisioning = 0.20
spare_blocks = 4
gc_free_blocks = 8
# Chosen so that program time / units = 1900 us / 280 = 6.8 us per 4 KiB = 0.6 GB/s, the
# P4500 1 TB's sequential write (Lenovo P4500 product guide, technical specifications).
dies = 280
# Random read latency 85 us (Lenovo P4500 guide) = command + tR + transfer; B17A single-plane
# read 74 us typ.
read_us = 74
# B17A data sheet: program 1900 us typ, erase 15 ms typ.
program_us = 1900
erase_ms = 15
# Typical value: NVMe command and controller overhead of ~10 us; the P4500's sequential read
# latency of 10 us (Lenovo guide) bounds it.
command_us = 10
# Sequential read 3.2 GB/s (Lenovo P4500 guide): PCIe 3.0 x4.
interface_mbs = 3200
# Capacitors flush the DRAM on power loss (Intel's enhanced power-loss data protection); the
# buffer's size is not published, 64 MB is a typical value.
write_cache = plp
write_cache_mb = 64

datasheet.model = Intel DC P4500 1TB
# Lenovo P4500 guide: 4 KB random write 30,500 IOPS (steady state, full drive), read 279,500,
# random read latency 85 us, random write latency 20 us, 3.2 GB/s read, 0.6 GB/s write.
datasheet.random_write_iops = 30500
datasheet.random_read_iops = 279500
datasheet.random_read_ms = 0.085
datasheet.random_write_ms = 0.020
datasheet.seq_read_mbs = 3200
datasheet.seq_write_mbs = 600
# With PLP a flush needs nothing to reach NAND: fdatasync costs about a write's 20 us.
datasheet.fdatasync_ms = 0.020
