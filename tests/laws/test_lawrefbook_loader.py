"""The LawRefBook Markdown loader on small hand-written files: headings, articles,
paragraphs and items, dates and level, the merge of part files, versions, the metadata
sidecar and files without articles."""

from __future__ import annotations

import datetime
import json
import logging
from pathlib import Path

import pytest

from contract_review.errors import InputError
from contract_review.laws import load_law_file, load_law_folder
from contract_review.laws.metadata_inference import infer_law_level

SAMPLE = """# 中华人民共和国样例法

2001年3月5日 第九届全国人民代表大会常务委员会第二十次会议通过

2010年6月1日 第十一届全国人民代表大会常务委员会第十五次会议《关于修改<中华人民共和国样例法>的决定》修正

<!-- INFO END -->

## 第一章 总则

第一条 为了测试加载器，制定本法。

第二条 本法所称样例，是指为测试而写的文字。

第三人不是一个条文的开头。

## 第二章  细则

### 第一节 一般规定

第三条 样例应当具备下列内容：
（一）标题；
（二）条文。
前款规定的内容不得省略。

第三条之一 本条是补充的条文。

第四条　全角空格后的条文。
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_articles_paths_paragraphs_and_items(tmp_path: Path) -> None:
    law = load_law_file(_write(tmp_path / "样例法(2010-06-01).md", SAMPLE))
    assert law is not None
    assert law.law_id == law.title == "中华人民共和国样例法"
    assert [a.article_no for a in law.articles] == [
        "第一条",
        "第二条",
        "第三条",
        "第三条之一",
        "第四条",
    ]
    first, second, third, third_a, fourth = law.articles
    assert first.article_id == "中华人民共和国样例法#第一条"
    assert first.path == ["第一章 总则"]
    assert first.text == "为了测试加载器，制定本法。"
    # a line opening with 第三人 is a paragraph, not an article
    assert second.paragraphs == [
        "本法所称样例，是指为测试而写的文字。",
        "第三人不是一个条文的开头。",
    ]
    assert third.path == ["第二章 细则", "第一节 一般规定"]
    assert third.paragraphs == ["样例应当具备下列内容：", "前款规定的内容不得省略。"]
    assert [(i.paragraph, i.label) for i in third.items] == [(0, "（一）"), (0, "（二）")]
    assert third.text.splitlines()[1] == "（一）标题；"
    assert third_a.number == (3, 1)
    assert fourth.text == "全角空格后的条文。"
    assert [a.number for a in law.articles] == sorted(a.number for a in law.articles)


def test_metadata_is_inferred_from_title_and_dates(tmp_path: Path) -> None:
    law = load_law_file(_write(tmp_path / "样例法(2010-06-01).md", SAMPLE))
    assert law is not None
    meta = law.metadata
    assert meta.law_level == "法律"
    assert meta.status == "现行有效"
    assert meta.issuing_authority == "全国人民代表大会常务委员会"
    assert meta.revised_date == datetime.date(2010, 6, 1)
    assert meta.effective_date == datetime.date(2010, 6, 1)
    assert law.version_date == datetime.date(2010, 6, 1)


def test_an_explicit_effective_date_wins(tmp_path: Path) -> None:
    text = SAMPLE.replace("<!-- INFO END -->", "2011年1月1日 施行\n\n<!-- INFO END -->").replace(
        "# 中华人民共和国样例法", "# 最高人民法院关于样例的规定"
    )
    law = load_law_file(_write(tmp_path / "规定.md", text))
    assert law is not None
    assert law.metadata.effective_date == datetime.date(2011, 1, 1)
    assert law.metadata.revised_date == datetime.date(2010, 6, 1)
    assert law.metadata.law_level == "司法解释"


@pytest.mark.parametrize(
    ("title", "level"),
    [
        ("中华人民共和国劳动合同法", "法律"),
        ("中华人民共和国民法典", "法律"),
        ("最高人民法院关于审理民间借贷案件适用法律若干问题的规定", "司法解释"),
        ("中华人民共和国劳动合同法实施条例", "行政法规"),
        ("上海市住房租赁条例", "地方性法规"),
        ("某公司员工手册", "其他"),
    ],
)
def test_level_from_title(title: str, level: str) -> None:
    assert infer_law_level(title) == level


def _part(part: str, articles: str) -> str:
    return (
        f"# 中华人民共和国样例典\n\n# {part}\n\n2020年5月28日 第十三届全国人民代表大会第三次会议通过\n\n"
        f"2021年1月1日 施行\n\n<!-- INFO END -->\n\n## 第一章 规定\n\n{articles}\n"
    )


def test_part_files_merge_into_one_law_in_article_order(tmp_path: Path) -> None:
    folder = tmp_path / "laws"
    # written so that the file names sort against the article order
    _write(folder / "样例典" / "甲编.md", _part("第二编 分则", "第三条 丙。\n\n第四条 丁。"))
    _write(folder / "样例典" / "乙编.md", _part("第一编 总则", "第一条 甲。\n\n第二条 乙。"))
    laws = load_law_folder(folder)
    assert [law.law_id for law in laws] == ["中华人民共和国样例典"]
    (code,) = laws
    assert [a.article_no for a in code.articles] == ["第一条", "第二条", "第三条", "第四条"]
    assert code.articles[0].path == ["第一编 总则", "第一章 规定"]
    assert code.articles[2].path == ["第二编 分则", "第一章 规定"]
    assert code.metadata.issuing_authority == "全国人民代表大会"
    assert code.metadata.effective_date == datetime.date(2021, 1, 1)
    assert code.metadata.revised_date is None


def test_versions_of_one_title_get_dated_ids(tmp_path: Path) -> None:
    _write(tmp_path / "样例法(2001-03-05).md", SAMPLE)
    _write(tmp_path / "样例法(2010-06-01).md", SAMPLE)
    laws = load_law_folder(tmp_path)
    assert [law.law_id for law in laws] == [
        "中华人民共和国样例法@2001-03-05",
        "中华人民共和国样例法@2010-06-01",
    ]
    assert laws[0].articles[0].article_id == "中华人民共和国样例法@2001-03-05#第一条"


def test_a_file_without_articles_is_skipped_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    _write(tmp_path / "目录.md", "# 目录\n\n<!-- INFO END -->\n\n只有说明文字。\n")
    with caplog.at_level(logging.WARNING):
        laws = load_law_folder(tmp_path)
    assert [law.title for law in laws] == ["中华人民共和国样例法"]
    assert "目录.md" in caplog.text
    with caplog.at_level(logging.WARNING):
        assert load_law_file(tmp_path / "目录.md") is None


def test_the_sidecar_overrides_inferred_metadata(tmp_path: Path) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    sidecar = {
        "中华人民共和国样例法": {
            "issuing_authority": "样例机关",
            "tags": ["测试"],
            "effective_date": "2010-07-01",
        }
    }
    _write(tmp_path / "laws.meta.json", json.dumps(sidecar, ensure_ascii=False))
    (law,) = load_law_folder(tmp_path)
    assert law.metadata.issuing_authority == "样例机关"
    assert law.metadata.tags == ["测试"]
    assert law.metadata.effective_date == datetime.date(2010, 7, 1)
    assert law.metadata.revised_date == datetime.date(2010, 6, 1)  # not overridden
    single = load_law_file(tmp_path / "样例法.md")
    assert single is not None
    assert single.metadata.tags == ["测试"]


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"law_level": "宪法"}, "law_level"),
        ({"effective_date": "not a date"}, "effective_date"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_sidecar_names_file_title_and_field(
    tmp_path: Path, fields: dict[str, str], named: str
) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    _write(tmp_path / "laws.meta.json", json.dumps({"中华人民共和国样例法": fields}))
    with pytest.raises(InputError) as info:
        load_law_folder(tmp_path)
    message = str(info.value)
    assert "laws.meta.json" in message
    assert "中华人民共和国样例法" in message
    assert named in message


def test_a_sidecar_that_is_not_json_is_an_input_error(tmp_path: Path) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    _write(tmp_path / "laws.meta.json", "{oops")
    with pytest.raises(InputError, match=r"laws\.meta\.json is not valid JSON"):
        load_law_folder(tmp_path)


def test_missing_folder_and_untitled_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="law folder not found"):
        load_law_folder(tmp_path / "nowhere")
    with pytest.raises(InputError, match="no '# title' line"):
        load_law_file(_write(tmp_path / "x.md", "第一条 没有标题。\n"))
