-- sysbench 1.0 script for commit-baselines.sh: each event is one transaction that inserts one
-- row of 100 bytes into cbb_sysbench and commits, as commitbench's commit workload does.
-- Keys are the thread's id times 10^12 plus a per-thread counter, so threads never collide.

local payload = string.rep("x", 100)
local written = 0

function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
end

function event()
  written = written + 1
  con:query("BEGIN")
  con:query(string.format("INSERT INTO cbb_sysbench (id, payload) VALUES (%d, '%s')",
      sysbench.tid * 1000000000000 + written, payload))
  con:query("COMMIT")
end

function thread_done()
  con:disconnect()
end
