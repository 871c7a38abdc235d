"""Irregularities dealt into live-table rounds, at a rate set by the difficulty (no Qt).

What happens irregularly is drawn from the round's seed (a stream of its own, so the
round's bets and outcome are the same with or without them), and each irregularity is
built by the game's rules core (``rules.roulette.irregular``, ``rules.craps.irregular``),
which also rules it.  Beginner: none; intermediate: now and then; advanced: often.

- Roulette: a bet pushed after the bell (Art. 3), a chip into the wheel (golpe nulo,
  Art. 2(2)), winning chips disturbed while paying (Art. 5(3): arises before the first
  payment, so only in a round with a winner).
- Craps: a player asks for odds before the throw (within the Art. 2(2) cap, or over it:
  refused); the throw judged first (Art. 1): a die off the table (no roll: the throw
  is repeated, and the round's throw is the next one) or a cocked die.
- Sic Bo (house rulings: its regulation is not on file): a bet after the call "no more
  bets", refused; a void throw (the shaker opened before the dice came to rest, a die
  leaning in the shaker, the shaker not shaken): no throw, the dice shaken again, and the
  round's throw is the next one.

A stored round keeps its irregularities (``Irregularity.to_json``), and a replay builds
them again from that with :func:`irregularities_of`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from dealer_trainer.drills.model import Difficulty, interpretation, on_house_ruling
from dealer_trainer.drills.table import sic_bo as sic_bo_table
from dealer_trainer.drills.table.round import Situation
from dealer_trainer.rules.caribbean_stud import irregular as caribbean_stud
from dealer_trainer.rules.craps import api as craps_api
from dealer_trainer.rules.craps import irregular as craps
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.irregular import Irregularity
from dealer_trainer.rules.procedure import Action, Work
from dealer_trainer.rules.roulette import irregular as roulette
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo import irregular as sic_bo
from dealer_trainer.rules.text import Text

#: The chance that a round has an irregularity, by difficulty (beginner: none).
RATE = {
    Difficulty.BEGINNER: 0.0,
    Difficulty.INTERMEDIATE: 0.3,
    Difficulty.ADVANCED: 0.6,
}
#: Advanced: the chance of a second one in a round that has one.
SECOND = 0.35


def _rng(seed: int) -> random.Random:
    return random.Random(f"irregular-{seed}")


def deal(
    ruleset: Ruleset, seed: int, difficulty: Difficulty, situation: Situation, work: Work
) -> Situation:
    """The situation with the irregularities its seed draws for this difficulty."""
    rng = _rng(seed)
    if rng.random() >= RATE[difficulty]:
        return situation
    count = 2 if difficulty is Difficulty.ADVANCED and rng.random() < SECOND else 1
    if situation.game == Game.ROULETTE:
        found = _roulette(ruleset, rng, situation, work, count)
    elif situation.game == Game.CRAPS:
        found = _craps(ruleset, rng, situation, count)
    elif situation.game == Game.SIC_BO:
        found = _sic_bo(ruleset, rng, situation, difficulty, count)
    else:
        return situation
    return replace(situation, irregularities=found)


def _roulette(
    ruleset: Ruleset, rng: random.Random, situation: Situation, work: Work, count: int
) -> tuple[Irregularity, ...]:
    request = situation.request
    steps = [s for group in work.plans[0] for s in group]
    first_pay = next((n for n, s in enumerate(steps) if s.action is Action.PAY), None)
    kinds = [roulette.LATE_BET, roulette.GOLPE_NULO]
    if first_pay is not None:
        kinds.append(roulette.DISTURBED)
    chosen = set(rng.sample(kinds, min(count, len(kinds))))
    out: list[Irregularity] = []
    if roulette.LATE_BET in chosen:
        player = rng.choice(situation.seats).player if situation.seats else "p1"
        bet: dict[str, Any] = {
            "id": f"{player}-late",
            "player": player,
            "kind": "straight",
            "numbers": [rng.randrange(37)],
            "amount": f"{Decimal(10 * rng.randint(1, 5)):.2f}",
        }
        out.append(roulette.late_bet_at(ruleset, request, bet))
    if roulette.GOLPE_NULO in chosen:
        previous = 0 if rng.random() < 0.25 else rng.randrange(1, 37)
        out.append(roulette.golpe_nulo_at(ruleset, request, previous))
    if roulette.DISTURBED in chosen and first_pay is not None:
        out.append(roulette.disturbed_at(ruleset, rng.random() < 0.5, first_pay))
    return tuple(out)


def _craps(
    ruleset: Ruleset, rng: random.Random, situation: Situation, count: int
) -> tuple[Irregularity, ...]:
    request = situation.request
    out: list[Irregularity] = []
    asked = _odds_request(ruleset, rng, request)
    kinds = ["throw", "odds"] if asked is not None else ["throw"]
    chosen = set(rng.sample(kinds, min(count, len(kinds))))
    if "odds" in chosen and asked is not None:
        out.append(craps.odds_request_at(ruleset, request, *asked))
    if "throw" in chosen:
        if rng.random() < 0.5:
            out.append(craps.off_table_at(ruleset, rng.randint(1, 6), rng.randint(1, 6)))
        else:
            die = rng.randrange(2)
            face = craps.last_roll(request)[die]
            low = rng.choice([f for f in range(1, 7) if f != face and f + face != 7])
            out.append(craps.cocked_at(ruleset, request, die, low))
    return tuple(out)


def _sic_bo(
    ruleset: Ruleset, rng: random.Random, situation: Situation, difficulty: Difficulty, count: int
) -> tuple[Irregularity, ...]:
    """A late bet (after the call, so it comes first) and a void throw, or one of them."""
    chosen = set(rng.sample(["late_bet", "throw"], count))
    out: list[Irregularity] = []
    if "late_bet" in chosen:
        player = rng.choice(situation.seats).player if situation.seats else "p1"
        out.append(
            sic_bo.late_bet_at(
                ruleset,
                situation.request,
                sic_bo_table.late_bet(ruleset, rng, difficulty, f"{player}-late", player),
            )
        )
    if "throw" in chosen:
        event = rng.choice(sorted(sic_bo.VOID_THROWS))
        first, second, third = (rng.randint(1, 6) for _ in range(3))
        out.append(sic_bo.void_throw_at(ruleset, event, (first, second, third)))
    return tuple(out)


def _odds_request(
    ruleset: Ruleset, rng: random.Random, request: Mapping[str, Any]
) -> tuple[str, Decimal] | None:
    """A request for odds before the throw: one the table took since the throw before it
    (within the cap), or one over the cap behind a pass or come bet with its point (which
    the table must refuse)."""
    before = craps.before_last_roll(request)
    events = before["events"]
    since = max((n for n, e in enumerate(events) if "roll" in e), default=-1) + 1
    taken = [e["bet"] for e in events[since:] if "bet" in e and e["bet"]["kind"] == "odds"]
    table = craps_api.replay(before, ruleset)
    right_side = [
        s for s in table.open_bets() if s.bet.kind.value in ("pass", "come") and s.point is not None
    ]
    over: list[tuple[str, Decimal]] = []
    for state in right_side:
        room = table.odds_room(state.bet.id)
        if room is not None:
            over.append((state.bet.id, Decimal((int(room) // 5 + 1) * 5)))
    if over and (not taken or rng.random() < 0.6):
        return rng.choice(over)
    if taken:
        odds = rng.choice(taken)
        return str(odds["on"]), Decimal(str(odds["amount"]))
    return None


def irregularities_of(
    ruleset: Ruleset, request: Mapping[str, Any], stored: Sequence[Mapping[str, Any]]
) -> tuple[Irregularity, ...]:
    """A stored round's irregularities, built again by the rules core."""
    build = {
        Game.ROULETTE: roulette.irregularity_of,
        Game.CRAPS: craps.irregularity_of,
        Game.CARIBBEAN_STUD: caribbean_stud.irregularity_of,  # Art. 11: during the deal
        Game.SIC_BO: sic_bo.irregularity_of,  # house rulings: the regulation is not on file
    }.get(ruleset.game)
    if build is None:
        if stored:
            raise ValueError(f"the game {ruleset.game!r} has no irregularities at the table")
        return ()
    return tuple(build(ruleset, request, s) for s in stored)


def rests_on(irregularity: Irregularity) -> tuple[Text, ...]:
    """The sentences a ruling rests on beyond the articles, as the feedback shows them: an
    Interpretation of the regulation, or, where no regulation is on file (Sic Bo), the
    house's ruling (never "the regulation leaves this to the house": it is not on file)."""
    if isinstance(irregularity.ruling.citation, HouseReference):
        return tuple(on_house_ruling(reading) for reading in irregularity.readings)
    return tuple(interpretation(reading) for reading in irregularity.readings)
