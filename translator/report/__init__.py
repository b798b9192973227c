"""`cu2amd report`: the migration report (scan, findings, output formats)."""
