"""The cooperative-launch group of the runtime API: its program and the functions it
checks are tests/test_cooperative_launch.py's (named so that tests/test_api_tables_run.py,
which reads every test_runtime_api_*.py, finds them)."""

from test_cooperative_launch import CALLS, PROGRAM

__all__ = ["CALLS", "PROGRAM"]
