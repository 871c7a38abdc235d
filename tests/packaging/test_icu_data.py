"""``packaging/icu_data.py``: which items of ICU's data the Linux build keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.packaging.helpers import load_packaging_module

icu_data = load_packaging_module("icu_data")


@pytest.mark.parametrize(
    "item",
    [
        # the app's languages, their scripts and regions, in every tree
        "en.res",
        "en_MO.res",
        "en_001.res",
        "pt.res",
        "pt_MO.res",
        "pt_PT.res",
        "zh.res",
        "zh_Hant.res",
        "zh_Hant_MO.res",
        "zh_MO.res",
        "coll/zh.res",
        "coll/pt.res",
        "curr/zh_Hant_MO.res",
        "zone/pt_PT.res",
        "rbnf/zh_Hant.res",
        "brkitr/zh_Hant.res",
        # Cantonese: the Hong Kong and Macau Chinese number spelling inherits from it
        "rbnf/yue.res",
        "yue_Hant.res",
        # what belongs to no locale
        "root.res",
        "coll/root.res",
        "pool.res",
        "curr/pool.res",
        "res_index.res",
        "zone/res_index.res",
        "supplementalData.res",
        "likelySubtags.res",
        "zoneinfo64.res",
        "metaZones.res",
        "plurals.res",
        "icuver.res",
        "cnvalias.icu",
        "unames.icu",
        "uts46.nrm",
        "nfkc.nrm",
        "coll/ucadata.icu",
        "brkitr/cjdict.dict",
        "brkitr/thaidict.dict",
        "brkitr/line.brk",
        "confusables.cfu",
        "rfc3491.spp",
        # the legacy encodings of Chinese and Portuguese text
        "ibm-1373_P100-2002.cnv",
        "windows-950-2000.cnv",
        "ibm-1375_P100-2008.cnv",
        "gb18030.cnv",
        "windows-936-2000.cnv",
        "ibm-5348_P100-1997.cnv",
        "ibm-923_P100-1998.cnv",
    ],
)
def test_icu_items_the_apps_languages_need_are_kept(item: str) -> None:
    assert icu_data.item_kept(item)


@pytest.mark.parametrize(
    "item",
    [
        "fr.res",
        "de_CH.res",
        "ja.res",
        "ar_EG.res",
        "haw.res",
        "sr_Latn_BA.res",
        "coll/ja.res",
        "coll/de_.res",
        "curr/es_419.res",
        "lang/ko.res",
        "unit/ru.res",
        "rbnf/th.res",
        "brkitr/ja.res",
        "translit/root.res",
        "translit/el.res",
        "ibm-1390_P110-2003.cnv",
        "euc-tw-2014.cnv",
        "icu-internal-compound-t.cnv",
        "ibm-943_P15A-2003.cnv",
    ],
)
def test_icu_items_of_other_languages_encodings_and_transliteration_are_dropped(
    item: str,
) -> None:
    assert not icu_data.item_kept(item)


def test_icu_drop_list_keeps_the_package_order() -> None:
    items = ["af.res", "coll/root.res", "en.res", "gb18030.cnv", "ja.res", "translit/root.res"]
    assert icu_data.items_to_drop(items) == ["af.res", "ja.res", "translit/root.res"]


def test_icu_refuses_a_library_that_is_not_icus_data(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="libicudata"):
        icu_data.slim_library(Path("/usr/lib/libicuuc.so.73"), tmp_path)
