"""Adapters that expose ClosureBench through other projects' interfaces (imported on use)."""
