-- Scripts run in a sandbox: no programs, files or clock.
-- expect error: "os.execute is not available: scripts run without programs, files or the clock"
os.execute("echo hello")
