"""A golden snapshot of the terminal rendering: a fixed seeded position, the whole page.

The position: 3 players, seed 7; every City-phase step takes the first legal choice; then
the first player to act starts a Move and takes its first walking step. When the rendering
(or the engine's setup or placement) changes on purpose, print the new page with
``PYTHONPATH=src python -m tests.escape_plan.test_render_golden`` and paste it below.
"""

from __future__ import annotations

from getaway.core import ALL
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.render import render_view
from tests.escape_plan.play import new_game


def golden_position() -> EscapePlanState:
    state = new_game(3, seed=7)
    while state.table.phase != "ACTIONS":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    state.apply(seat, "move")
    state.apply(seat, state.legal_actions(seat)[0])
    return state


GOLDEN = """\
Escape Plan - Day 1 of 3, Player Actions, Morning
To act: p3 (takes a turn: Rest or Move)
Turn order: p3, p2, p1

          x=-2            x=-1            x=0             x=1
   +---------------+---------------+---------------+---------------+
   |D2           FL|C2           LS|               |               |
   |##########GNG  |CAS  ~FY~~#####|               |               |
-2 |.....#####:::::|~~~~~~~~~~.....|               |               |
   |.....BAR  :::::|:::::MET  .....|               |               |
   +---------------+---------------+---------------+---------------+
   |               |B2           LS|A1           LS|               |
   |               |:::::..........|.....::::::::::|               |
-1 |               |EX2  .....GNG  |..........STA  |               |
   |               |###############|EX1  ##########|               |
   +---------------+---------------+---------------+---------------+
   |               |               |START_H        |START_G       L|
   |               |               |##########MET  |CHU  ##########|
 0 |               |               |:::::...* HOS1+|.....:::::HQ   |
   |               |               |:::::..........|.....::::::::::|
   +---------------+---------------+---------------+---------------+
Key: # industrial . commercial : residential ~ water; 1-5 players, S Sandra, C Costa; more: 'legend'
  p1      START_H.hospital (Hospital)
  p2      START_H.hospital (Hospital)
  p3      START_H.hospital (Hospital)
Notoriety (|| threshold line): 1:p1,p2,p3 2:- || 3:- 4:- 5:- || 6:- 7:- 8:- || 9:- 10:-
Players (cash, notoriety +red -blue, income cubes, wounds, ...):
  p1     $9k  noto  1 (+0 -0)  income 9  wounds 0/3 cuffs 0  discs 0  gas 0  rest sun
  p2     $9k  noto  1 (+0 -0)  income 9  wounds 0/3 cuffs 0  discs 0  gas 0  rest sun
  p3     $9k  noto  1 (+0 -0)  income 9  wounds 0/3 cuffs 0  discs 0  gas 0  rest sun
p3: in the city at START_H.hospital; cash $9k; Escape Plan card #4
  notoriety 1 (red cubes 0, blue 0); income cubes 9; red wounds 0/3, Handcuffs 0
  Rest token sun; First Aid up; Gas Cans 0/2; Extra Action discs 0; Gang Control markers 2
  unlocked Assets: $5k Extra Action; $4k -; $3k -; $2k -; $1k -; $0k -
  items: -; -; Move Federal (locked); Move Local (locked); Move SWAT (locked)
  contacts: -; -; Avoid All (locked); Master Key (locked); Heal (locked)
  keys (Safe Houses 1-3): -; -; -; gang members: none
  bonuses taken: none
Gangs: START_G.gang 2 members; B2.gang 2 members; D2.gang 2 members
Patrol: deck 3; Exit 1: 0 cards, open; Exit 2: 1 card, open; Exit 3: 1 card, open
City display: A2 FL, B1 FS, C3 LS, D1 FL; stacks face down: A 1, B 1, C 1, D 1
Contacts (deck 26; * a red star), left to right: Ninja SWAT $2k*, Spy 1 $1k, Ninja SWAT $2k*, Gang
    $2k, Stunt $1k*, Medevac $2k, Spy 2 $2k
Businesses and Safe Houses (cubes: owner and hex; a Business closes at 2):
  Casino (group 1): C2.business; no cubes
  Bar (group 1): D2.business; no cubes
  Restaurant (group 1): not in the city; no cubes
  Gym (group 2): not in the city; no cubes
  Nightclub (group 2): not in the city; no cubes
  Art Gallery (group 2): not in the city; no cubes
  Safe House 1: not in the city; no cubes; keys black,black,green
  Safe House 2: not in the city; no cubes; keys brown,green,brown
  Safe House 3: not in the city; no cubes; keys green,brown,black
Store: Lockers green 5, black 5, brown 5; Equipment Vest 4, Cap 4, Helmet 4, Gas Mask 4; Gas Cans 6
Fixers: Phone on top (8 left); gang area 2; discs 8; Handcuffs 10; police bag Federal 6, Local 2,
    SWAT 5

p3 so far: move > walk:START_H.com
  MP spent walking: 1
Choices for p3 (type the id):
  walk         walk to:
    walk:START_G.com (0 MP), walk:START_H.hospital (1 MP), walk:START_H.ind (1 MP)
"""


def test_the_rendering_of_a_fixed_position_matches_the_snapshot() -> None:
    text = render_view(golden_position().view(ALL))
    assert text == GOLDEN.rstrip("\n"), "\n" + text


if __name__ == "__main__":
    print(render_view(golden_position().view(ALL)))
