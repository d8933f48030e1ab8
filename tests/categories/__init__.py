"""Per-category tests: one file per category, through ``closurebench.solve``."""
