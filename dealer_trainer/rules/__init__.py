"""The rules core: the single source of truth for every payout, order and ruling.

It knows nothing of Qt, storage, questions or people.  Every decision it
returns carries the citation of the article that made it.  Games:
:mod:`dealer_trainer.rules.roulette`, :mod:`dealer_trainer.rules.craps`,
:mod:`dealer_trainer.rules.caribbean_stud`.  Rulesets: :mod:`dealer_trainer.rules.rulesets`.
"""

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError, RulesetError
from dealer_trainer.rules.rulesets import (
    Ruleset,
    RulesetRegistry,
    default_ruleset,
    get_ruleset,
    official_rulesets,
    resolve_ruleset,
)

__all__ = [
    "Citation",
    "RulesError",
    "Ruleset",
    "RulesetError",
    "RulesetRegistry",
    "default_ruleset",
    "get_ruleset",
    "official_rulesets",
    "resolve_ruleset",
]
