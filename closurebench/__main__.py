"""``python -m closurebench`` is the command line."""

import sys

from closurebench.cli import main

sys.exit(main())
