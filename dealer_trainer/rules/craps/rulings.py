"""Rulings on throws that are not a plain pair of flat dice (Art. 1).

Art. 1: "Em caso de qualquer dos dados não ficar completamente assente numa
face conta-se sempre a face superior mais exposta. Quando um ou ambos os
dados saírem do tabuleiro o lançamento não é válido, devendo ser repetido."

A die that does not lie flat (cocked against a chip stack or the rail)
counts its most exposed upper face; a throw with a die off the table is no
throw at all.  The CLI contract knows only faces and ``"off_table"``, so the
cocked-die ruling lives here, for the drills to ask about and the felt to show:
the ruling turns what the dealer sees into the :class:`Roll` the table uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.model import OFF_TABLE, Roll, Throw
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulings import BetFate, Ruling
from dealer_trainer.rules.text import T

_MAX_VISIBLE_FACES = 3  # a die resting on an edge shows two upper faces, on a corner three


@dataclass(frozen=True)
class CockedDie:
    """A die that does not lie flat: each upper face it shows with how exposed it is.

    ``exposures`` pairs a face with any non-negative measure of how much of it
    faces up (the visible area, or the share of the die's tilt); only the
    order of the measures matters.
    """

    exposures: tuple[tuple[int, Fraction], ...]

    @classmethod
    def of(cls, exposures: Mapping[int, Fraction | Decimal | int]) -> CockedDie:
        return cls(tuple((face, Fraction(share)) for face, share in exposures.items()))


DieLie = int | CockedDie


@dataclass(frozen=True)
class ThrowRuling:
    """The throw that counts and the ruling (with its article and steps) that says so."""

    throw: Throw
    ruling: Ruling

    @property
    def citation(self) -> Citation:
        return self.ruling.citation


def counted_face(die: DieLie, citation: Citation) -> int:
    """The face a die counts: the face up, or a cocked die's most exposed upper face."""
    if isinstance(die, int) and not isinstance(die, bool):
        if not 1 <= die <= 6:
            raise RulesError(
                "invalid_roll", f"A die shows a face from 1 to 6, not {die}.", citation
            )
        return die
    if not isinstance(die, CockedDie):
        raise RulesError("invalid_roll", f"{die!r} is not a die's face.", citation)
    faces = [face for face, _ in die.exposures]
    if not faces:
        raise RulesError("invalid_roll", "A cocked die shows at least one upper face.", citation)
    if len(set(faces)) != len(faces):
        raise RulesError("invalid_roll", "A cocked die names the same face twice.", citation)
    for face, share in die.exposures:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise RulesError("invalid_roll", f"A die has faces 1 to 6, not {face!r}.", citation)
        if share < 0:
            raise RulesError(
                "invalid_roll", "A face cannot be less than not exposed at all.", citation
            )
    if len(faces) > _MAX_VISIBLE_FACES or any(
        a + b == 7 for i, a in enumerate(faces) for b in faces[i + 1 :]
    ):
        raise RulesError(
            "invalid_roll",
            f"Faces {', '.join(map(str, faces))} cannot all face up at once: "
            "opposite faces of a die add up to 7.",
            citation,
        )
    most = max(share for _, share in die.exposures)
    leaders = [face for face, share in die.exposures if share == most]
    if len(leaders) > 1:
        raise RulesError(
            "invalid_roll",
            f"Faces {' and '.join(map(str, leaders))} are equally exposed, so Art. 1 names no "
            "face; the floor person rules on this throw.",
            citation,
        )
    return leaders[0]


def off_table(rules: CrapsRules) -> Ruling:
    """One or both dice leave the table (Art. 1): the throw is not valid and is repeated."""
    return Ruling(
        code="craps.off_table",
        decision=T(
            "The throw is not valid and is repeated: no bet is decided and the point stays."
        ),
        bets=BetFate.STAND,
        round_stands=False,
        steps=(
            T('Call "no roll".'),
            T("Bring the dice back (or give the shooter new dice from the bowl)."),
            T("Every bet stays as it is; the shooter throws again."),
        ),
        citation=rules.cite("throw"),
    )


def cocked_die(rules: CrapsRules, roll: Roll) -> Ruling:
    """A die does not lie flat (Art. 1): it counts its most exposed upper face."""
    return Ruling(
        code="craps.cocked_die",
        decision=T(
            "A die that does not lie flat counts its most exposed upper face: "
            "the throw is {first}-{second} ({total}).",
            first=roll.first,
            second=roll.second,
            total=roll.total,
        ),
        bets=BetFate.SETTLED_AS_USUAL,
        round_stands=True,
        steps=(
            T("Look at the cocked die from above without touching it."),
            T("Call the face that is most exposed on top, and the total."),
            T("Settle the bets on that total as usual."),
        ),
        citation=rules.cite("throw"),
    )


def flat_throw(rules: CrapsRules, roll: Roll) -> Ruling:
    """Both dice lie flat on the table: a valid throw, read as it lies (Art. 1)."""
    return Ruling(
        code="craps.valid_throw",
        decision=T(
            "Both dice lie flat on the table: the throw is {first}-{second} ({total}).",
            first=roll.first,
            second=roll.second,
            total=roll.total,
        ),
        bets=BetFate.SETTLED_AS_USUAL,
        round_stands=True,
        steps=(T("Call the total."), T("Settle the bets it decides.")),
        citation=rules.cite("throw"),
    )


def rule_throw(
    first: DieLie, second: DieLie, rules: CrapsRules, *, left_table: bool = False
) -> ThrowRuling:
    """Rule on a throw as the dealer sees it (Art. 1).

    A die off the table makes the throw invalid, whatever the dice show; a
    cocked die counts its most exposed upper face.
    """
    if left_table:
        return ThrowRuling(OFF_TABLE, off_table(rules))
    citation = rules.cite("throw")
    roll = Roll(counted_face(first, citation), counted_face(second, citation))
    if isinstance(first, CockedDie) or isinstance(second, CockedDie):
        return ThrowRuling(roll, cocked_die(rules, roll))
    return ThrowRuling(roll, flat_throw(rules, roll))


def all_rulings(rules: CrapsRules) -> tuple[Ruling, ...]:
    """The rulings of Art. 1 a drill can ask about, with an example throw where one is needed."""
    return (off_table(rules), cocked_die(rules, Roll(3, 4)))
