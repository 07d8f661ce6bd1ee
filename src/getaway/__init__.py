"""getaway: tabletop games of crime and escape, played faithfully by people and bots."""

__version__ = "0.1.0"
