"""The driver: command-line entry points (`cu2amd`, `cu2amd-nvcc`) and job execution."""
