"""A plain text rendering of a view for the terminal.

It uses no markup (the terminal prints it through rich, so it also avoids square brackets).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_CARD_TITLES = {"bbb": "Bang! Bang! Bang!", "bang": "Bang!", "click": "Click Click Click"}
_REASONS = {
    "hid": "hid",
    "target-hid": "target hid",
    "no-target": "no target",
    "hit": "hit by a BBB",
    "round-over": "the round ended",
}


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _hand(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{counts[k]} {k}" for k in ("bbb", "bang", "click") if counts[k]) or "empty"


def describe_event(e: Mapping[str, Any]) -> str:
    """One line of narration for a public event."""
    kind = str(e["type"])
    seat = e.get("seat", "")
    if kind == "round":
        notes = " ".join(money(n) for n in e["notes"])
        return f"Round {e['round']} begins: {notes} join the pot."
    if kind == "reveal":
        return f"{seat} reveals {e['ability']}."
    if kind == "card-returned":
        return f"{seat} takes his loaded card back and will load last."
    if kind == "aims":
        parts = [f"{s} -> {' & '.join(t or '?' for t in ts)}" for s, ts in e["aims"].items()]
        return "Aims: " + "; ".join(parts) + "."
    if kind == "kid-aim":
        return f"The Kid {seat} aims at {e['target']}."
    if kind == "hide":
        seats = e["seats"]
        return f"Hiding: {', '.join(seats)}." if seats else "Nobody hides."
    if kind == "lowered":
        return f"{seat} discards gun {e['gun']}'s card face down ({_REASONS[e['reason']]})."
    if kind == "fire":
        card = _CARD_TITLES[e["card"]]
        return f"Phase {e['phase']}: {seat} gun {e['gun']} reveals {card} at {e['target']}."
    if kind == "wound":
        cause = " by the grenade" if e["cause"] == "grenade" else ""
        return f"{seat} takes {e['wounds']} wound(s){cause}, {e['total']} in all."
    if kind == "grenade":
        victims = ", ".join(e["victims"]) or "nobody"
        return f"{seat}'s grenade explodes: {victims} wounded; the round ends."
    if kind == "death":
        return f"{seat} is killed; {money(e['money'])} goes back to the box."
    if kind == "claim":
        return f"{seat} takes {e['from']}'s gun and {e['cards']} cards."
    if kind == "specialist":
        return f"{seat} takes his BBB back and discards another card face down."
    if kind == "unhurt":
        return f"{seat} stands up again to share the loot."
    if kind == "split":
        if not e["share"]:
            return "The pot cannot be split: it stays on the table."
        takers = [s["seat"] for s in e["shares"]]
        if len(takers) == 1:
            return f"Split: {takers[0]} takes the whole pot, {money(e['share'])}."
        return f"Split: {', '.join(takers)} take {money(e['share'])} each."
    if kind == "phone":
        side = "USED" if e["used"] else "not used"
        return f"The phone comes back {side} ({e['uses']}/3 uses)."
    if kind == "end":
        winners = ", ".join(e["winners"]) or "nobody"
        return f"Game over ({e['reason']}): {winners} wins."
    return kind


def _player_line(p: Mapping[str, Any], aims_shown: bool) -> str:
    name = p["seat"] + (" (Godfather)" if p["godfather"] else "")
    if not p["alive"]:
        return f"  {name:<22} dead"
    hands = "+".join(str(n) for n in p["hand_size"])
    parts = [
        f"{money(p['money']):>9}",
        f"wounds {p['wounds']}",
        f"shame {p['shame']}" + (f" ({p['shame_beacon']} beacon)" if p["shame_beacon"] else ""),
        p["status"],
        f"cards {hands}",
    ]
    guns = []
    for gun in p["guns"]:
        text = gun["state"]
        if gun["card"]:
            text += f" {gun['card']}"
        if aims_shown and gun["target"]:
            text += f" -> {gun['target']}"
        guns.append(text)
    parts.append("gun " + " / ".join(guns))
    if p["ability"]:
        parts.append(p["ability"])
    if p["role"]:
        parts.append(p["role"])
    return f"  {name:<22} " + ", ".join(parts)


def render_view(view: Mapping[str, Any]) -> str:
    lines = [f"Cash 'n Guns - round {view['round']} of {view['rounds']}"]
    pot: Sequence[int] = view["pot"]
    lines.append(
        f"Pot: {' '.join(money(n) for n in pot) or 'empty'} ({money(sum(pot))}); "
        f"deck {view['deck_left']} notes"
    )
    extras = []
    if view["grenade"] != "none":
        extras.append(f"grenade {view['grenade']}")
    if view["options"]["undercover_cop"]:
        extras.append(
            "backup called" if view["backup_called"] else f"phone used {view['phone_uses']}/3"
        )
    if extras:
        lines.append(", ".join(extras).capitalize() + ".")
    lines.append("Players:")
    lines += [_player_line(p, view["aims_revealed"]) for p in view["players"]]
    me = view.get("me")
    if me:
        hands = " / ".join(_hand(h) for h in me["hand"])
        text = f"You are {me['seat']}: hand {hands}"
        loaded = [c for c in me["loaded"] if c]
        if loaded:
            text += f"; loaded {' / '.join(loaded)}"
        if me["ability"]:
            text += f"; ability {me['ability']}"
        if me["role"]:
            text += f"; role {me['role']}"
        if me["my_choice"]:
            text += f"; your answer: {me['my_choice']}"
        lines.append(text + ".")
    events = view["events"]
    if events:
        lines.append("Recently:")
        lines += ["  " + describe_event(e) for e in events[-12:]]
    if view["over"]:
        scores = view["scores"] or {}
        if scores:
            lines.append("Scores: " + ", ".join(f"{s} {money(v)}" for s, v in scores.items()) + ".")
        lines.append(f"Result: {view['outcome']['summary']}.")
    else:
        waiting = ", ".join(view["to_act"])
        lines.append(f"Step: {view['step']}; waiting for {waiting}.")
    return "\n".join(lines)
