"""What students touch: the device switch, hints, figures and benchmark helpers that lessons import."""
