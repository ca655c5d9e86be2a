"""The engine version (also written into every record)."""

__version__ = "0.1.0"
