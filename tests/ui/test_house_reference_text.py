"""A Sic Bo answer names the house pay table in words on screen, never "Art. 0"."""

from __future__ import annotations

from typing import Any

from dealer_trainer.rules.sic_bo.house import house_pay_table, house_ruling
from dealer_trainer.ui.drills.rendering import article_text
from dealer_trainer.ui.language import citation_text


def test_sic_bo_house_table_is_shown_in_words_where_an_article_would_be(qapp: Any) -> None:
    del qapp
    assert article_text(house_pay_table("sic-bo-house")) == "house pay table"
    assert citation_text(house_pay_table("sic-bo-house")) == "house pay table"
    assert article_text(house_ruling("sic-bo-house")) == "house ruling"
