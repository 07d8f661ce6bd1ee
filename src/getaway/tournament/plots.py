"""Plots of a tournament's results document, as PNG and SVG.

Figures are made with :class:`matplotlib.figure.Figure` directly, not ``pyplot``: no global
state and no GUI backend, so this works in worker processes, tests and servers alike (PNG is
drawn by Agg, SVG by matplotlib's SVG backend).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

#: Okabe-Ito colours, told apart with every common colour-vision deficiency.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
OVERALL_COLOUR = "#444444"
#: Per-role bars are drawn for team games with at most this many roles.
MAX_ROLE_BARS = 3
FORMATS = ("png", "svg")


def write_plots(results: Mapping[str, Any], directory: Path) -> list[Path]:
    """Draw every plot for ``results`` into ``directory``; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    figures = {"ratings": ratings_figure(results), "win_rates": win_rates_figure(results)}
    if results["ranked"]:
        figures["mean_ranks"] = mean_ranks_figure(results)
    written = []
    for name, figure in figures.items():
        for extension in FORMATS:
            path = directory / f"{name}.{extension}"
            figure.savefig(path, dpi=150, metadata=_metadata(extension))
            written.append(path)
    return written


def _metadata(extension: str) -> dict[str, Any]:
    # Without a fixed date the SVG changes on every run even when the results do not.
    return {"Date": None} if extension == "svg" else {}


def _title(results: Mapping[str, Any], what: str) -> str:
    return (
        f"{results['game']}: {what}\n"
        f"{results['finished']} games, {results['players']} players, seed {results['seed']}"
    )


def _new_figure(rows: int) -> tuple[Figure, Axes]:
    figure = Figure(figsize=(7.5, 1.6 + 0.55 * rows), layout="constrained")
    axes = figure.add_subplot()
    axes.spines[["top", "right"]].set_visible(False)
    axes.grid(axis="x", color="#dddddd", linewidth=0.8)
    axes.set_axisbelow(True)
    return figure, axes


def _bot_axis(axes: Axes, bots: Sequence[str]) -> None:
    axes.set_yticks(range(len(bots)), bots)
    axes.set_ylim(len(bots) - 0.5, -0.5)  # best first, at the top


def ratings_figure(results: Mapping[str, Any]) -> Figure:
    """Each bot's Elo rating with its 95% bootstrap interval, best at the top."""
    standings = results["standings"]
    bots = [s["bot"] for s in standings]
    figure, axes = _new_figure(len(bots))
    mean = results["ratings"]["mean"]
    axes.axvline(mean, color="#999999", linewidth=1, linestyle="--", zorder=1)
    for row, s in enumerate(standings):
        low, high = s["elo_ci"]
        axes.errorbar(
            s["elo"],
            row,
            xerr=[[s["elo"] - low], [high - s["elo"]]],
            fmt="o",
            color=PALETTE[0],
            ecolor=PALETTE[0],
            capsize=5,
            markersize=8,
            linewidth=2,
        )
        axes.annotate(
            f"{s['elo']:.0f}  [{low:.0f}, {high:.0f}]",
            (s["elo"], row),
            xytext=(0, 11),
            textcoords="offset points",
            ha="center",
            fontsize=9,
        )
    _bot_axis(axes, bots)
    lows = [s["elo_ci"][0] for s in standings]
    highs = [s["elo_ci"][1] for s in standings]
    margin = max(40.0, 0.12 * (max(highs) - min(lows)))
    axes.set_xlim(min(*lows, mean) - margin, max(*highs, mean) + margin)
    label = f"Elo rating (mean {mean:g}; bars: 95% bootstrap interval)"
    if any(low == high for low, high in zip(lows, highs, strict=True)):
        label += (
            "\nno bar: all of that bot's comparisons went one way, which leaves the "
            "bootstrap\nnothing to vary (the Wilson interval of its win rate is the guide)"
        )
    axes.set_xlabel(label)
    axes.set_title(_title(results, "ratings"), fontsize=11)
    return figure


def win_rates_figure(results: Mapping[str, Any]) -> Figure:
    """Each bot's win rate with its 95% Wilson interval: overall and, in team games, by
    role (as the fugitive, as the team chasing him)."""
    standings = results["standings"]
    bots = [s["bot"] for s in standings]
    roles = [role["name"] for role in results["roles"]]
    series: list[tuple[str, str, list[Mapping[str, Any]]]] = []
    if len(roles) <= MAX_ROLE_BARS:
        series += [
            (f"as {role}", PALETTE[i], [s["by_role"][role] for s in standings])
            for i, role in enumerate(roles)
        ]
        series.append(("overall", OVERALL_COLOUR, list(standings)))
    else:
        series.append(("overall", PALETTE[0], list(standings)))
    figure, axes = _new_figure(len(bots) * (1 + len(series)) // 2)
    height = 0.8 / len(series) if len(series) > 1 else 0.5
    for n, (label, colour, rates) in enumerate(series):
        offset = (n - (len(series) - 1) / 2) * height
        for row, rate in enumerate(rates):
            if rate["win_rate"] is None:
                continue
            low, high = rate["win_rate_ci"]
            value = rate["win_rate"]
            axes.barh(
                row + offset,
                value,
                height=height * 0.9,
                color=colour,
                label=label if row == 0 and len(series) > 1 else None,
                xerr=[[value - low], [high - value]],
                error_kw={"ecolor": "#222222", "capsize": 3, "linewidth": 1},
            )
            axes.annotate(
                f"{100 * value:.0f}%",
                (high, row + offset),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
            )
    if len(roles) > 2:
        # Where a bot that wins no more than its share of the seats would be.
        axes.axvline(
            1 / len(roles),
            color="#999999",
            linewidth=1,
            linestyle="--",
            zorder=0.9,
            label=f"1 in {len(roles)} (one seat's share)",
        )
    _bot_axis(axes, bots)
    axes.set_xlim(0, 1.12)
    axes.xaxis.set_major_formatter(lambda value, _: f"{100 * value:.0f}%")
    axes.set_xlabel("win rate (bars: 95% Wilson interval)")
    handles, labels = axes.get_legend_handles_labels()
    if handles:
        # Below the axes, so it never covers a bar.
        figure.legend(
            handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8,
            frameon=False,
        )  # fmt: skip
    axes.set_title(_title(results, "win rates"), fontsize=11)
    return figure


def mean_ranks_figure(results: Mapping[str, Any]) -> Figure:
    """Each bot's mean finishing place (1 is first) with its 95% bootstrap interval."""
    standings = [s for s in results["standings"] if s["mean_rank"] is not None]
    bots = [s["bot"] for s in standings]
    places = len(results["roles"])
    figure, axes = _new_figure(len(bots))
    axes.axvline((places + 1) / 2, color="#999999", linewidth=1, linestyle="--")
    for row, s in enumerate(standings):
        low, high = s["mean_rank_ci"]
        axes.errorbar(
            s["mean_rank"],
            row,
            xerr=[[s["mean_rank"] - low], [high - s["mean_rank"]]],
            fmt="o",
            color=PALETTE[2],
            capsize=5,
            markersize=8,
            linewidth=2,
        )
        axes.annotate(
            f"{s['mean_rank']:.2f}",
            (s["mean_rank"], row),
            xytext=(0, 11),
            textcoords="offset points",
            ha="center",
            fontsize=9,
        )
    _bot_axis(axes, bots)
    axes.set_xlim(places + 0.2, 0.8)  # first place on the right: better is to the right
    axes.set_xlabel(f"mean place of {places} (1 = first; bars: 95% bootstrap interval)")
    axes.set_title(_title(results, "mean finishing place"), fontsize=11)
    return figure
