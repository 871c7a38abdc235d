"""Caribbean Stud's irregularities of the deal at the table: Despacho 61/2004, Art. 11.

Each Art. 11 irregularity of :mod:`.rulings` (a card exposed while dealing, two cards
exposed, cards dealt to a box without a bet, the shuffling machine failing) becomes the
shared :class:`~dealer_trainer.rules.irregular.Irregularity` every game's live table
rules with (``TableRound.rule``): what the dealer sees, the regulation's ruling
(:meth:`.rulings.IrregularityRuling.as_ruling`) and four of the dealer's choices
(:class:`.rulings.RulingChoice`, :data:`OFFERED`): the one that carries out this
irregularity's ruling, :func:`.rulings.choice_of` of it, and three that are wrong by
Art. 11 for it (``wrong_ruling``), never one that is also true of the ruling.  It
arises during the deal, not between settlement steps: the round of the deal
(``drills.table.stud_dealing``) says when it is pending.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.caribbean_stud.rulings import (
    Irregularity as StudIrregularity,
)
from dealer_trainer.rules.caribbean_stud.rulings import (
    RulingChoice,
    choice_of,
    ruling_of,
)
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.irregular import Choice, Irregularity
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, T, Text

PREFIX = "caribbean_stud."
#: The dealer's choices, each by what it rules (Art. 11), in the article's words.
CHOICE_LABELS = {
    RulingChoice.PLAY_ON: T("The round stands: play on"),
    RulingChoice.DEALER_CARDS_DOWN: T("Stands: that card up, the dealer's others face down"),
    RulingChoice.DEAD_HAND: T("Dead hand: play on for the other boxes"),
    RulingChoice.VOID: T("Void: antes returned, progressive bets carried over"),
    RulingChoice.VOID_MACHINE: T(
        "Void: antes returned, progressive bets carried over; another machine or the shoe"
    ),
    RulingChoice.DEALER_CARD_TURNED_DOWN: T("Stands: that card turned down, the dealer's fifth up"),
    RulingChoice.EMPTY_BOX_PLAYED: T("Stands: that box's hand is played like the others"),
}
# The four choices offered for each irregularity: its ruling, and three that are wrong by
# Art. 11 for it.  A choice whose every word is also true of the ruling is never offered
# beside it (the void of Art. 11(1) where the machine failed, Art. 11(4); "the round stands:
# play on" where a dealer's card is exposed or a box without a bet is dealt a hand, Art.
# 11(2), (3)), so exactly one choice says the ruling.
OFFERED = {
    StudIrregularity.PLAYER_CARD_EXPOSED: (
        RulingChoice.PLAY_ON,
        RulingChoice.DEALER_CARDS_DOWN,
        RulingChoice.DEAD_HAND,
        RulingChoice.VOID,
    ),
    StudIrregularity.DEALER_CARD_EXPOSED: (
        RulingChoice.DEALER_CARDS_DOWN,
        RulingChoice.DEALER_CARD_TURNED_DOWN,
        RulingChoice.DEAD_HAND,
        RulingChoice.VOID,
    ),
    StudIrregularity.CARD_TO_EMPTY_BOX: (
        RulingChoice.DEAD_HAND,
        RulingChoice.EMPTY_BOX_PLAYED,
        RulingChoice.DEALER_CARDS_DOWN,
        RulingChoice.VOID,
    ),
    StudIrregularity.SHUFFLER_FAILURE: (
        RulingChoice.PLAY_ON,
        RulingChoice.DEALER_CARDS_DOWN,
        RulingChoice.DEAD_HAND,
        RulingChoice.VOID_MACHINE,
    ),
    **{
        kind: (
            RulingChoice.PLAY_ON,
            RulingChoice.DEALER_CARDS_DOWN,
            RulingChoice.DEAD_HAND,
            RulingChoice.VOID,
        )
        for kind in (
            StudIrregularity.SEVERAL_CARDS_EXPOSED,
            StudIrregularity.WRONG_DEALING_PROCEDURE,
            StudIrregularity.WRONG_CARD_COUNT,
        )
    },
}
# Choices offered here before and no longer (each also true of the ruling): kept so that a
# stored round that chose one replays, judged as it was then.
FORMER = {
    StudIrregularity.DEALER_CARD_EXPOSED: (RulingChoice.PLAY_ON,),
    StudIrregularity.CARD_TO_EMPTY_BOX: (RulingChoice.PLAY_ON,),
    StudIrregularity.SHUFFLER_FAILURE: (RulingChoice.VOID,),
}
#: Why another choice is wrong: what Art. 11 rules for the irregularity.
WHY = {
    StudIrregularity.PLAYER_CARD_EXPOSED: T(
        "One card exposed while dealing: the round stands, play goes on."
    ),
    StudIrregularity.DEALER_CARD_EXPOSED: T(
        "A dealer's card exposed: it stays up, the dealer's others are dealt face down."
    ),
    StudIrregularity.CARD_TO_EMPTY_BOX: T(
        "Cards to a box without a bet are a dead hand; play goes on."
    ),
    StudIrregularity.SEVERAL_CARDS_EXPOSED: T(
        "Two cards exposed: the round is void, the progressive bets carried over."
    ),
    StudIrregularity.WRONG_DEALING_PROCEDURE: T(
        "Cards dealt the wrong way: the round is void, the progressive bets carried over."
    ),
    StudIrregularity.WRONG_CARD_COUNT: T(
        "A wrong number of cards: the round is void, the progressive bets carried over."
    ),
    StudIrregularity.SHUFFLER_FAILURE: T(
        "The machine failed: the round is void, the progressive bets carried over; another "
        "machine or the shoe."
    ),
}


#: What the felt's banner says of each (the panel says the rest), in the table's context.
EVENT_TITLES = {
    PREFIX + StudIrregularity.PLAYER_CARD_EXPOSED.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "A card exposed while dealing"
    ),
    PREFIX + StudIrregularity.DEALER_CARD_EXPOSED.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "A dealer's card exposed while dealing"
    ),
    PREFIX + StudIrregularity.SEVERAL_CARDS_EXPOSED.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "Two cards exposed while dealing"
    ),
    PREFIX + StudIrregularity.CARD_TO_EMPTY_BOX.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "A hand dealt to a box without a bet"
    ),
    PREFIX + StudIrregularity.SHUFFLER_FAILURE.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "The shuffling machine fails"
    ),
    PREFIX + StudIrregularity.WRONG_DEALING_PROCEDURE.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "Cards dealt the wrong way"
    ),
    PREFIX + StudIrregularity.WRONG_CARD_COUNT.value: QT_TRANSLATE_NOOP(
        "TableIrregular", "A wrong number of cards"
    ),
}


def event_of(kind: StudIrregularity) -> str:
    return PREFIX + kind.value


def said(kind: StudIrregularity, box: int | None) -> Text:
    """What the dealer sees, in words."""
    shown = box if box is not None else 0
    return {
        StudIrregularity.PLAYER_CARD_EXPOSED: T(
            "The card just dealt to box {box} was turned face up by mistake.", box=shown
        ),
        StudIrregularity.DEALER_CARD_EXPOSED: T(
            "The dealer's card just dealt was turned face up by mistake."
        ),
        StudIrregularity.SEVERAL_CARDS_EXPOSED: T(
            "Two cards were turned face up by mistake while dealing, one of them box {box}'s.",
            box=shown,
        ),
        StudIrregularity.CARD_TO_EMPTY_BOX: T(
            "Five cards were dealt by mistake to box {box}, which has no bet.", box=shown
        ),
        StudIrregularity.SHUFFLER_FAILURE: T(
            "The shuffling machine has stopped in the middle of the deal."
        ),
        StudIrregularity.WRONG_DEALING_PROCEDURE: T("The cards were dealt the wrong way."),
        StudIrregularity.WRONG_CARD_COUNT: T("A hand received the wrong number of cards."),
    }[kind]


def irregularity(kind: StudIrregularity, box: int | None, cards_dealt: int) -> Irregularity:
    """The irregularity as the table rules it: its ruling, its four choices (and the former
    ones, for the replay of a stored round)."""
    ruling = ruling_of(kind)
    shared = ruling.as_ruling()
    right = choice_of(ruling)
    assert right in OFFERED[kind]

    def choice(given: RulingChoice) -> Choice:
        return Choice(
            id=given.value,
            label=CHOICE_LABELS[given],
            carries_out=shared.code if given is right else None,
            mistake="" if given is right else "wrong_ruling",
            why=None if given is right else WHY[kind],
        )

    choices = tuple(choice(given) for given in OFFERED[kind])
    former = tuple(choice(given) for given in FORMER.get(kind, ()))
    return Irregularity(
        event=event_of(kind),
        said=said(kind, box),
        ruling=shared,
        choices=choices,
        former=former,
        before=0,
        unruled="irregularity_not_ruled",
        unruled_why=T("The deal stops until the irregularity is ruled (Art. 11)."),
        detail={"kind": kind.value, "box": box, "cards_dealt": cards_dealt},
    )


def irregularity_of(
    ruleset: Ruleset, request: Mapping[str, Any], stored: Mapping[str, Any]
) -> Irregularity:
    """A stored irregularity (:meth:`Irregularity.to_json`) built again."""
    del ruleset, request
    detail = stored.get("detail") or {}
    try:
        kind = StudIrregularity(str(detail["kind"]))
        box = detail.get("box")
        cards_dealt = int(detail.get("cards_dealt", 0))
    except (KeyError, ValueError, TypeError):
        raise RulesError(
            "invalid_request", f"Not a Caribbean Stud irregularity: {dict(stored)!r}."
        ) from None
    return irregularity(kind, None if box is None else int(box), cards_dealt)
