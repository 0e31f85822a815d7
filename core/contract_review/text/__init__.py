"""The text toolkit: what every module reading contract or law text shares.

Modules, one job each:

* :mod:`.sentences` — where a text's sentences are: the one sentence splitter;
* :mod:`.clause_text` — a clause's text (heading, own text, children) from its document;
* :mod:`.number_words` — numbers written in words (twenty-eight, 壹佰万), read and written.

Chinese numerals as clause numbers write them (第十四条) are read and written by
:mod:`contract_review.documents.chinese_numerals`, beside the numbering they serve.
"""
