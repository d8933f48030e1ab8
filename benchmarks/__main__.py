"""``python -m benchmarks [--quick] [--full] [--repeats N] [--json FILE]``: the generation suite."""

from __future__ import annotations

import sys

from benchmarks.suite import main

sys.exit(main())
