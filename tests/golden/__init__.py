"""Golden playthroughs, as OpenSpiel keeps them: for each game and edition, one seeded game
with every seat's (and the spectator's) view and what each was shown of every action, at
every step, checked in under ``data/``. ``test_golden.py`` replays them and compares, so an
unintended change to the rules or the views shows as a diff in review.

Regenerate them all after an intended change with ``./dev golden`` (which runs
``python -m tests.golden``), and read the diff before committing it.
"""
