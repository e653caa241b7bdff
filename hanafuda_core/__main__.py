"""``python -m hanafuda_core``: the same as the ``hanafuda`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
