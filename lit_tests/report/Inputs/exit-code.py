"""Run a command (its output passed through) and print 'exit N' after it, so a lit
test can check the exact exit status, which `not` cannot."""

import subprocess
import sys

proc = subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT, check=False)
print(f"exit {proc.returncode}", flush=True)
