# Shared by scripts/demo and scripts/test: a project virtual environment with cu2amd
# installed (editable) and the given extras. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "cu2amd needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
  exit 1
fi
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -e "$ROOT${CU2AMD_EXTRAS:+[$CU2AMD_EXTRAS]}"
export PATH="$VENV/bin:$PATH"
