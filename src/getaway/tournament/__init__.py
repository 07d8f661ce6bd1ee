"""Tournaments between bots: fair schedules on paired deals, played in parallel, with win
rates, mean places and Elo ratings with 95% intervals, tables and plots.

* :mod:`~getaway.tournament.schedule`: roles, line-ups and paired seeds;
* :mod:`~getaway.tournament.plan`: the checked plan of every game;
* :mod:`~getaway.tournament.running`: playing the games, in worker processes or not;
* :mod:`~getaway.tournament.ranking`: each role's win and place in a finished game;
* :mod:`~getaway.tournament.stats`: Wilson intervals, Bradley-Terry/Elo fit, bootstrap;
* :mod:`~getaway.tournament.results`: the results document (``--json``, ``results.json``);
* :mod:`~getaway.tournament.report` and :mod:`~getaway.tournament.plots`: tables and plots.
"""

from getaway.tournament.plan import Plan, TournamentError, plan_tournament
from getaway.tournament.results import run_tournament

__all__ = ["Plan", "TournamentError", "plan_tournament", "run_tournament"]
