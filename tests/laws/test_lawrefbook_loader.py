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
from contract_review.laws import Article, load_law_file, load_law_folder
from contract_review.laws.article_text import build_article
from contract_review.laws.law_versions import (
    drop_repeated_articles,
    file_name_date,
    version_law_id,
)
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


def test_a_file_without_articles_is_skipped_in_a_folder_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    _write(tmp_path / "目录.md", "# 目录\n\n<!-- INFO END -->\n\n只有说明文字。\n")
    with caplog.at_level(logging.WARNING):
        laws = load_law_folder(tmp_path)
    assert [law.title for law in laws] == ["中华人民共和国样例法"]
    assert "目录.md" in caplog.text
    assert "no article" in caplog.text


def test_a_file_without_articles_given_directly_is_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path / "目录.md", "# 目录\n\n<!-- INFO END -->\n\n只有说明文字。\n")
    with pytest.raises(InputError, match=r"目录\.md.*holds no article.*第X条"):
        load_law_file(path)


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
    with pytest.raises(InputError, match="does not open with a '# title' line"):
        load_law_file(_write(tmp_path / "x.md", "第一条 没有标题。\n"))


def test_a_sidecar_date_off_the_calendar_names_file_law_and_field(tmp_path: Path) -> None:
    _write(tmp_path / "样例法.md", SAMPLE)
    sidecar = {"中华人民共和国样例法": {"effective_date": "2012-13-28"}}
    _write(tmp_path / "laws.meta.json", json.dumps(sidecar, ensure_ascii=False))
    with pytest.raises(InputError) as info:
        load_law_folder(tmp_path)
    message = str(info.value)
    assert "laws.meta.json" in message
    assert "中华人民共和国样例法" in message
    assert "effective_date" in message


@pytest.mark.parametrize(
    ("written", "line"),
    [("2012年13月28日", 5), ("2012年2月30日", 5)],
)
def test_a_header_date_off_the_calendar_names_file_line_and_text(
    tmp_path: Path, written: str, line: int
) -> None:
    text = SAMPLE.replace("2010年6月1日", written)
    path = _write(tmp_path / "样例法(2010-06-01).md", text)
    for load in (lambda: load_law_file(path), lambda: load_law_folder(tmp_path)):
        with pytest.raises(InputError) as info:
            load()
        message = str(info.value)
        assert "样例法(2010-06-01).md" in message
        assert f"line {line}" in message
        assert f"{written} 第十一届全国人民代表大会常务委员会" in message
        assert "not a calendar date" in message


def test_a_bad_date_in_a_part_header_names_its_line(tmp_path: Path) -> None:
    text = _part("第一编 总则", "第一条 甲。").replace("2021年1月1日", "2021年1月32日")
    path = _write(tmp_path / "样例典" / "总则.md", text)
    with pytest.raises(InputError, match=r"总则\.md line 7: .*2021年1月32日 施行"):
        load_law_file(path)


def test_unreadable_files_are_input_errors_naming_them(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"law file not found: .*nowhere\.md"):
        load_law_file(tmp_path / "nowhere.md")
    with pytest.raises(InputError, match=r"is a folder"):
        load_law_file(tmp_path)
    gbk = tmp_path / "样例法.md"
    gbk.write_bytes(SAMPLE.encode("gbk"))
    with pytest.raises(InputError, match=r"样例法\.md is not UTF-8 text"):
        load_law_file(gbk)
    with pytest.raises(InputError, match=r"样例法\.md is not UTF-8 text"):
        load_law_folder(tmp_path)
    with pytest.raises(InputError, match=r"空\.md is empty"):
        load_law_file(_write(tmp_path / "空.md", "\n\n"))


def test_an_article_numbered_zero_is_an_error_naming_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path / "样例法.md", SAMPLE + "\n第〇条 没有这一条。\n")
    line = SAMPLE.count("\n") + 2
    with pytest.raises(InputError, match=rf"样例法\.md line {line}: '第〇条 没有这一条。'"):
        load_law_file(path)


def test_undated_versions_of_one_title_are_an_error_naming_the_files(tmp_path: Path) -> None:
    _write(tmp_path / "甲.md", SAMPLE)
    _write(tmp_path / "乙.md", SAMPLE)  # same dates, no date in the file names
    with pytest.raises(InputError, match=r"cannot be told apart.*title\(YYYY-MM-DD\)\.md") as info:
        load_law_folder(tmp_path)
    assert "甲.md" in str(info.value)
    assert "乙.md" in str(info.value)


def test_a_repeated_article_keeps_the_first_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _write(tmp_path / "样例法.md", SAMPLE + "\n第四条 重复的第四条。\n")
    with caplog.at_level(logging.WARNING):
        law = load_law_file(path)
    assert [a.article_no for a in law.articles][-1] == "第四条"
    assert law.articles[-1].text == "全角空格后的条文。"
    assert "第四条" in caplog.text
    assert "样例法.md" in caplog.text


ODD_LINES = """# 最高人民法院关于样例的规定

2020年12月25日 最高人民法院审判委员会第1824次会议通过

<!-- INFO END -->

为正确适用法律，制定本规定。

## 一、关于一般规定

第一条 合同应当载明下列事项：
一、当事人；
二、标的。

第二条 短条文

第三条\u3000零宽空格的下一行不是一款。
\u200b
<!-- 注释行 -->

## 二、关于保证

第四条 保证合同是主合同的从合同。

第二章 没有井号的章

第五条 本章的条文。
"""


def test_lines_that_look_like_headings_stay_where_the_law_means_them(tmp_path: Path) -> None:
    law = load_law_file(_write(tmp_path / "规定.md", ODD_LINES))
    assert [a.article_no for a in law.articles] == [
        "第一条",
        "第二条",
        "第三条",
        "第四条",
        "第五条",
    ]
    first, second, third, fourth, fifth = law.articles
    # enumerated Markdown headings are kept as written
    assert first.path == ["一、关于一般规定"]
    # 一、 lines inside an article are its paragraphs, not sections
    assert first.paragraphs == ["合同应当载明下列事项：", "一、当事人；", "二、标的。"]
    assert second.path == ["一、关于一般规定"]
    # a short article without a full stop keeps its text
    assert second.text == "短条文"
    # a zero-width space or a comment line is no paragraph
    assert third.paragraphs == ["零宽空格的下一行不是一款。"]
    assert fourth.path == ["二、关于保证"]
    # a chapter heading written without '#' still heads its articles
    assert fifth.path == ["二、关于保证", "第二章 没有井号的章"]
    assert law.metadata.law_level == "司法解释"
    assert law.metadata.effective_date == datetime.date(2020, 12, 25)


def test_version_ids_file_dates_and_repeats() -> None:
    day = datetime.date(2012, 12, 28)
    assert version_law_id("劳动合同法", day) == "劳动合同法@2012-12-28"
    assert version_law_id("劳动合同法", None) == "劳动合同法"
    assert file_name_date(Path("劳动合同法(2012-12-28).md")) == day
    assert file_name_date(Path("劳动合同法(2012-13-28).md")) is None
    assert file_name_date(Path("刑法.md")) is None
    articles: list[Article] = [
        build_article("法", no, [text], [])
        for no, text in [("第一条", "甲"), ("第1条", "乙"), ("第二条", "丙")]
    ]
    kept, repeated = drop_repeated_articles(articles)
    assert [a.text for a in kept] == ["甲", "丙"]
    assert [a.text for a in repeated] == ["乙"]
