"""Rulings on irregularities (Art. 11) and the players' prohibitions (Art. 12).

Each irregularity of Despacho 61/2004, Art. 11, has a function returning an
:class:`IrregularityRuling`: whether the round stands, what becomes of the ante
and raise and of the progressive bets, whether the cards are dealt again, the
citation and a short explanation.  :meth:`IrregularityRuling.as_ruling` gives the
same decision as the shared :class:`~dealer_trainer.rules.rulings.Ruling` record
every game uses.  A drill asks "what happens now?" and grades the answer against
these records; :func:`all_rulings` gives every ruling (the distractors of a
multiple choice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.caribbean_stud.cards import cite
from dealer_trainer.rules.caribbean_stud.dealing import Deal
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.procedure import RIGHT, Verdict
from dealer_trainer.rules.rulings import BetFate, Ruling
from dealer_trainer.rules.text import T, Text


@unique
class Irregularity(StrEnum):
    WRONG_DEALING_PROCEDURE = "wrong_dealing_procedure"
    WRONG_CARD_COUNT = "wrong_card_count"
    SEVERAL_CARDS_EXPOSED = "several_cards_exposed"
    PLAYER_CARD_EXPOSED = "player_card_exposed"
    DEALER_CARD_EXPOSED = "dealer_card_exposed"
    CARD_TO_EMPTY_BOX = "card_to_empty_box"
    SHUFFLER_FAILURE = "shuffler_failure"


@dataclass(frozen=True)
class IrregularityRuling:
    irregularity: Irregularity
    round_stands: bool
    ante: BetFate
    progressive: BetFate
    redeal: bool
    """True when bets are placed again and the cards dealt again."""
    citation: Citation
    explanation: Text
    dead_box: bool = False
    """True when a hand is dead (cards dealt to a box without a bet)."""
    dealer_cards_face_down: bool = False
    """True when the dealer's other cards, the fifth included, go face down (Art. 11(2))."""

    def as_ruling(self) -> Ruling:
        """The decision as the shared ruling record (``bets``: the ante and raise)."""
        steps = [self.explanation]
        if self.progressive is BetFate.CARRIED_OVER and self.ante is not BetFate.CARRIED_OVER:
            steps.append(T("Progressive bets are carried over to the next round."))
        return Ruling(
            code=f"caribbean_stud.{self.irregularity.value}",
            decision=self.explanation,
            bets=self.ante,
            round_stands=self.round_stands,
            steps=tuple(steps),
            citation=self.citation,
        )


def _ruling(
    irregularity: Irregularity, paragraph: int, explanation: Text, stands: bool, **flags: bool
) -> IrregularityRuling:
    """Art. 11's two outcomes: the round stands and every bet is settled as usual, or it is
    void, the bets returned, the progressive bets carried over and the cards dealt again."""
    return IrregularityRuling(
        irregularity,
        round_stands=stands,
        ante=BetFate.SETTLED_AS_USUAL if stands else BetFate.RETURNED,
        progressive=BetFate.SETTLED_AS_USUAL if stands else BetFate.CARRIED_OVER,
        redeal=not stands,
        citation=cite(11, paragraph),
        explanation=explanation,
        **flags,
    )


def _void(irregularity: Irregularity, paragraph: int, explanation: Text) -> IrregularityRuling:
    return _ruling(irregularity, paragraph, explanation, stands=False)


def _stands(
    irregularity: Irregularity, paragraph: int, explanation: Text, **flags: bool
) -> IrregularityRuling:
    return _ruling(irregularity, paragraph, explanation, stands=True, **flags)


def wrong_dealing_procedure() -> IrregularityRuling:
    """Art. 11(1): the cards were dealt other than as Art. 7 says."""
    return _void(
        Irregularity.WRONG_DEALING_PROCEDURE,
        1,
        T(
            "The cards were dealt the wrong way: the round is void and every bet is returned, "
            "except the progressive bets, which carry over to the next round; bets are placed "
            "again and the cards dealt again."
        ),
    )


def wrong_card_count() -> IrregularityRuling:
    """Art. 11(1): a hand received more or fewer than five cards."""
    return _void(
        Irregularity.WRONG_CARD_COUNT,
        1,
        T(
            "A wrong number of cards was dealt: the round is void and every bet is returned, "
            "except the progressive bets, which carry over to the next round; bets are placed "
            "again and the cards dealt again."
        ),
    )


def cards_exposed(count: int, dealer_card: bool = False) -> IrregularityRuling:
    """Art. 11(1), (2): ``count`` cards wrongly exposed while dealing.

    One card: the round stands; if it is the dealer's, it stays face up and
    the dealer's other cards, the fifth included, are dealt face down.  Two
    or more: the round is void.
    """
    if count < 1:
        raise ValueError("an exposure involves at least one card")
    if count >= 2:
        return _void(
            Irregularity.SEVERAL_CARDS_EXPOSED,
            1,
            T(
                "{count} cards were exposed by mistake: the round is void and every bet is "
                "returned, except the progressive bets, which carry over to the next round.",
                count=count,
            ),
        )
    if dealer_card:
        return _stands(
            Irregularity.DEALER_CARD_EXPOSED,
            2,
            T(
                "One of the dealer's cards was exposed by mistake: the round stands; "
                "that card stays face up and the dealer's other cards, the fifth included, "
                "are dealt face down."
            ),
            dealer_cards_face_down=True,
        )
    return _stands(
        Irregularity.PLAYER_CARD_EXPOSED,
        2,
        T(
            "One card was exposed by mistake while dealing: the round stands and play "
            "goes on as usual."
        ),
    )


def ruling_for_deal(deal: Deal) -> IrregularityRuling | None:
    """The Art. 11 ruling for a deal's wrongly exposed cards, or None if there are none."""
    steps = deal.exposed_by_mistake
    if not steps:
        return None
    first = deal.moves[steps[0]]
    return cards_exposed(len(steps), dealer_card=first.to_dealer)


def card_to_empty_box() -> IrregularityRuling:
    """Art. 11(3): cards dealt by mistake to a box without a bet."""
    return _stands(
        Irregularity.CARD_TO_EMPTY_BOX,
        3,
        T(
            "Cards dealt by mistake to a box without a bet make a dead hand; the round "
            "goes on as usual for every other box."
        ),
        dead_box=True,
    )


def shuffler_failure() -> IrregularityRuling:
    """Art. 11(4): the shuffling machine fails while dealing."""
    return _void(
        Irregularity.SHUFFLER_FAILURE,
        4,
        T(
            "The shuffling machine failed while dealing: the round is void and every bet is "
            "returned, except the progressive bets, which carry over to the next round; the "
            "machine is replaced or the cards are dealt from the shoe."
        ),
    )


def all_rulings() -> tuple[IrregularityRuling, ...]:
    return (
        wrong_dealing_procedure(),
        wrong_card_count(),
        cards_exposed(2),
        cards_exposed(1),
        cards_exposed(1, dealer_card=True),
        card_to_empty_box(),
        shuffler_failure(),
    )


@unique
class RulingChoice(StrEnum):
    """What the dealer rules on an irregularity, as the rulings of Art. 11 differ."""

    PLAY_ON = "play_on"  # Art. 11(2): one card exposed, the round stands
    DEALER_CARDS_DOWN = "dealer_cards_down"  # Art. 11(2): a dealer's card exposed
    DEAD_HAND = "dead_hand"  # Art. 11(3): a hand to a box without a bet
    VOID = "void"  # Art. 11(1): void, bets returned, progressive carried over, dealt again
    # Art. 11(4): void, bets returned, progressive carried over; another machine or the shoe.
    VOID_MACHINE = "void_machine"
    # Never a ruling of Art. 11: the exposed dealer's card turned down, the fifth dealt up.
    DEALER_CARD_TURNED_DOWN = "dealer_card_turned_down"
    # Never a ruling of Art. 11: the hand dealt to a box without a bet played.
    EMPTY_BOX_PLAYED = "empty_box_played"


def choice_of(ruling: IrregularityRuling) -> RulingChoice:
    """The ruling as the dealer gives it: one of :class:`RulingChoice`."""
    if ruling.irregularity is Irregularity.SHUFFLER_FAILURE:
        return RulingChoice.VOID_MACHINE
    if not ruling.round_stands:
        return RulingChoice.VOID
    if ruling.dead_box:
        return RulingChoice.DEAD_HAND
    if ruling.dealer_cards_face_down:
        return RulingChoice.DEALER_CARDS_DOWN
    return RulingChoice.PLAY_ON


def ruling_of(irregularity: Irregularity) -> IrregularityRuling:
    """The Art. 11 ruling of each irregularity."""
    return {
        Irregularity.WRONG_DEALING_PROCEDURE: wrong_dealing_procedure,
        Irregularity.WRONG_CARD_COUNT: wrong_card_count,
        Irregularity.SEVERAL_CARDS_EXPOSED: lambda: cards_exposed(2),
        Irregularity.PLAYER_CARD_EXPOSED: lambda: cards_exposed(1),
        Irregularity.DEALER_CARD_EXPOSED: lambda: cards_exposed(1, dealer_card=True),
        Irregularity.CARD_TO_EMPTY_BOX: card_to_empty_box,
        Irregularity.SHUFFLER_FAILURE: shuffler_failure,
    }[irregularity]()


def judge_ruling(irregularity: Irregularity, given: RulingChoice, at: int = 1) -> Verdict:
    """Art. 11: the dealer's ruling on ``irregularity`` is the article's (``wrong_ruling``
    otherwise, citing the paragraph that decides it)."""
    ruling = ruling_of(irregularity)
    if choice_of(ruling) is given:
        return RIGHT
    return Verdict(False, at, "wrong_ruling", ruling.explanation.english(), ruling.citation)


# ------------------------------------------------------------ Art. 12 --


@unique
class PlayerAct(StrEnum):
    RECORD_RESULTS = "record_results"
    PREDICT_RESULTS = "predict_results"
    PLAN_BETS = "plan_bets"
    TALK_WHILE_DECIDING = "talk_while_deciding"
    SHARE_BOX = "share_box"
    LEAVE_TABLE_HOLDING_CARDS = "leave_table_holding_cards"


@dataclass(frozen=True)
class Prohibition:
    act: PlayerAct
    citation: Citation
    text: Text


PROHIBITIONS: Sequence[Prohibition] = (
    Prohibition(
        PlayerAct.RECORD_RESULTS,
        cite(12, 1),
        T("Players may not use any device to record the results."),
    ),
    Prohibition(
        PlayerAct.PREDICT_RESULTS,
        cite(12, 1),
        T("Players may not use any device to predict results."),
    ),
    Prohibition(
        PlayerAct.PLAN_BETS,
        cite(12, 1),
        T("Players may not use any device to work out a betting strategy."),
    ),
    Prohibition(
        PlayerAct.TALK_WHILE_DECIDING,
        cite(12, 2),
        T(
            "While deciding whether to raise, a player may not talk to other players "
            "or anyone else."
        ),
    ),
    Prohibition(
        PlayerAct.SHARE_BOX,
        cite(6, 1),
        T("A player bets on one box only and may not share a box with another player."),
    ),
    Prohibition(
        PlayerAct.LEAVE_TABLE_HOLDING_CARDS,
        cite(6, 4),
        T("A player holding cards may not leave the table."),
    ),
)
_BY_ACT = {prohibition.act: prohibition for prohibition in PROHIBITIONS}


def prohibition(act: PlayerAct) -> Prohibition:
    """The article that forbids ``act`` (every :class:`PlayerAct` is forbidden)."""
    return _BY_ACT[act]
