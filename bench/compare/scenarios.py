"""The shared scenarios: each tool computes the same distribution and prints it as exact fractions.

A scenario is a dict of plain numbers that the tools read; `holodice` names the SPECs holodice
is given for it (examples/compare.rs holds the same table).
"""

# Star Wars TCG: Power d6, a die hits when natural + Accuracy reaches 4 (5 against Armor); Fury X
# rolls X more dice when the initial roll shows a natural 4; Critical Hit X adds X damage when the
# final roll (extra dice included) shows a natural 6; Parry X prevents X damage when it shows a
# natural 1. The distribution is the damage.
SWTCG = {
    "swtcg-60": dict(power=60, accuracy=0, armor=False, critical=2, fury=2, parry=0),
    "swtcg-200": dict(power=200, accuracy=0, armor=False, critical=2, fury=2, parry=0),
    "swtcg-1000": dict(power=1000, accuracy=1, armor=True, critical=2, fury=2, parry=1),
}

# Star Wars: Legion. Attack d8 faces (crit, hit, surge, blank); defense d6 faces (block, surge,
# blank). The distribution is the wounds.
LEGION = {
    # 4 red + 2 black, surge hit, Pierce 1, against red defense with surge block.
    "legion-small": dict(dice=dict(red=4, black=2, white=0), surge="hit", aims=0, pierce=1,
                         defense="red", surge_block=True, cover=0),
    # 2 of each colour, surge crit, 1 aim (rerolls up to 2 blanks, red first), against white
    # defense with surge block in light cover (amg-2024: a white die per hit, each block cancels
    # a hit).
    "legion-aim-cover": dict(dice=dict(red=2, black=2, white=2), surge="crit", aims=1, pierce=0,
                             defense="white", surge_block=True, cover=1),
}

ATTACK = {"red": (1, 5, 1, 1), "black": (1, 3, 1, 3), "white": (1, 1, 1, 5)}
DEFENSE = {"red": (3, 1, 2), "white": (1, 1, 4)}
COLOURS = ("red", "black", "white")

ALL = {**SWTCG, **LEGION}
