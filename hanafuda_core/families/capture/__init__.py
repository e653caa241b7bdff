"""The capture family's shared capabilities (see :mod:`.settlement`)."""
